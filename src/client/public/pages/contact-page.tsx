import { CONTACT_FORM_WORDS, sayIn } from '../../../core/site-texts';
import { ContactForm } from '../components/contact-form';
import { telHref } from '../components/footer';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';
import { useSay } from '../site-words';

export default function ContactPage({
  content,
  pageName,
  company,
  contactForm,
  contactWords,
  address,
}: PageProps<'contact'>) {
  const sayContact = (text: string) => sayIn(contactWords, text);
  const say = useSay();
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section layout="contact-layout">
        <section className="card contact-panel" aria-labelledby="contact-form-heading">
          <h2 className="section__title" id="contact-form-heading">
            {sayContact(CONTACT_FORM_WORDS.heading)}
          </h2>
          <ContactForm initial={contactForm} words={contactWords} address={address} country={company.countryCode} />
        </section>

        <section className="reach-us" aria-labelledby="reach-us-heading">
          <h2 className="section__title" id="reach-us-heading">
            {sayContact(CONTACT_FORM_WORDS.reachUs)}
          </h2>
          <address className="reach-us__address">
            <Icon name="map-pin" />
            <span {...mark('address')}>{content.address}</span>
          </address>
          <a
            className="reach-us__map"
            href={content.maplink}
            target="_blank"
            rel="noopener"
            aria-label={say('contactPage.map')}
            {...mark('maplink')}
          >
            <img
              src="/demo/map-pune.svg"
              width={800}
              height={450}
              alt={say('contactPage.mapImage')}
              loading="lazy"
              decoding="async"
            />
          </a>
          <ul className="reach-us__lines" role="list">
            <li>
              <Icon name="mail" />
              <a href={`mailto:${content.email}`} {...mark('email')}>
                {content.email}
              </a>
            </li>
            <li>
              <Icon name="phone" />
              <a href={telHref(content.phone)} {...mark('phone')}>
                {content.phone}
              </a>
            </li>
          </ul>
        </section>
      </Section>
    </>
  );
}
