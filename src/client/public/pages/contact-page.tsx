import { CONTACT_FORM_WORDS, sayIn } from '../../../core/site-texts';
import { ContactForm } from '../components/contact-form';
import { telHref } from '../components/footer';
import { Icon } from '../components/icon';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import type { PageProps } from '../public-types';

export default function ContactPage({ content, pageName, company, contactForm, contactWords, address }: PageProps<'contact'>) {
  const say = (text: string) => sayIn(contactWords, text);
  const mark = useFieldMark();
  return (
    <>
      <PageHero title={pageName} lead={content.lead} leadField="lead" />
      <Section layout="contact-layout">
        <section className="card contact-panel" aria-labelledby="contact-form-heading">
          <h2 className="section__title" id="contact-form-heading">
            {say(CONTACT_FORM_WORDS.heading)}
          </h2>
          <ContactForm initial={contactForm} words={contactWords} address={address} country={company.countryCode} />
        </section>

        <section className="reach-us" aria-labelledby="reach-us-heading">
          <h2 className="section__title" id="reach-us-heading">
            {say(CONTACT_FORM_WORDS.reachUs)}
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
            aria-label="Open our location in a maps service (opens in a new tab)"
            {...mark('maplink')}
          >
            <img
              src="/demo/map-pune.svg"
              width={800}
              height={450}
              alt="Map of our office location"
              loading="lazy"
              decoding="async"
            />
          </a>
          <ul className="reach-us__lines" role="list">
            <li>
              <Icon name="mail" />
              <a href={`mailto:${content.email}`} {...mark('email')}>{content.email}</a>
            </li>
            <li>
              <Icon name="phone" />
              <a href={telHref(content.phone)} {...mark('phone')}>{content.phone}</a>
            </li>
          </ul>
        </section>
      </Section>
    </>
  );
}
