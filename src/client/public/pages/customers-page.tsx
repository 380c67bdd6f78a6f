import { FallbackImage } from '../components/fallback-image';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function CustomersPage({ content, pageName }: PageProps<'customers'>) {
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section>
        <ul className="logo-grid" role="list">
          {content.tablelst.map((customer, index) => (
            <li key={index}>
              <figure className="logo-card">
                <FallbackImage
                  className="logo-card__image"
                  src={customer.custImage}
                  alt={say('customers.logo', { name: customer.custname })}
                  width={320}
                  height={160}
                  // The first row is in view on arrival; the rest load as they scroll in.
                  loading={index < 4 ? 'eager' : 'lazy'}
                  sizes="(min-width: 992px) 320px, 50vw"
                  field={`tablelst.${index}.custImage`}
                />
                <figcaption className="logo-card__name" {...mark(`tablelst.${index}.custname`)}>
                  {customer.custname}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
