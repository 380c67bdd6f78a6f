import { contentPageByKey } from '../../../core/pages';
import type { ContentPageKey } from '../../../core/pages';
import type { SiteCompany } from '../../../core/public-page';
import { siteHref, useSiteLinks } from '../site-links';
import { Icon } from './icon';
import { useSay } from '../site-words';

// A short row of the main pages; the header menu has them all.
const FOOTER_PAGES = ['home', 'about', 'expertise', 'news', 'contact'] as const satisfies readonly ContentPageKey[];

/** A phone number as a tel: address (spaces removed). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

export function Footer({ company, copyrightYear }: { company: SiteCompany; copyrightYear: number }) {
  const links = useSiteLinks();
  const say = useSay();
  return (
    <footer className="site-footer">
      <div className="site-footer__cta">
        <div className="container site-footer__cta-inner">
          <p className="site-footer__lead">{say('footer.lead')}</p>
          <a className="button button--accent" href={siteHref(links, '/Contact1')}>
            {say('footer.cta')}
          </a>
        </div>
      </div>
      <div className="container site-footer__main">
        <div className="site-footer__about">
          <p className="site-footer__name">{company.name}</p>
          {company.tagline ? <p className="site-footer__tagline">{company.tagline}</p> : null}
        </div>
        <nav className="site-footer__nav" aria-label={say('footer.nav')}>
          <ul className="site-footer__links">
            {FOOTER_PAGES.map((key) => {
              const page = contentPageByKey(key);
              return (
                <li key={key}>
                  <a href={siteHref(links, page.publicPath)}>{say(`footer.${key}`)}</a>
                </li>
              );
            })}
          </ul>
        </nav>
        <ul className="site-footer__contact">
          {company.phone ? (
            <li>
              <Icon name="phone" />
              <a href={telHref(company.phone)}>{company.phone}</a>
            </li>
          ) : null}
          {company.email ? (
            <li>
              <Icon name="mail" />
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
          ) : null}
        </ul>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © {copyrightYear} {company.name.replace(/\.+$/, '')}. {say('footer.rights')}
          </p>
        </div>
      </div>
    </footer>
  );
}
