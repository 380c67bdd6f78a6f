import type { ReactNode } from 'react';
import { brandLogo } from '../../../core/media/brand-logo';
import type { PageLanguage } from '../../../core/schemas/locale';
import type { MenuEntry } from '../../../core/schemas/menu';
import { Icon } from './icon';
import { LanguageSwitcher } from './language-switcher';
import { siteHref, useSiteLinks } from '../site-links';
import { useSay } from '../site-words';

/** The address a menu link points to, or null when it is no link at all ('' or '#'). */
export function menuHref(link: string | null | undefined): string | null {
  const value = (link ?? '').trim();
  if (value === '' || value === '#') return null;
  if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(value)) return value;
  return `/${value.replace(/^\.?\//, '')}`;
}

function samePath(href: string | null, path: string): boolean {
  return href !== null && href.toLowerCase() === path.toLowerCase();
}

function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function MenuLink({ label, link, path, className }: { label: string; link: string; path: string; className: string }) {
  const links = useSiteLinks();
  const href = menuHref(link);
  if (href === null) return <span className={`${className} menu__link--static`}>{label}</span>;
  // `path` is the page's address in the default language, as the menu's links are (docs/design.md §34: they lead to the shown one's).
  return (
    <a className={className} href={siteHref(links, href)} aria-current={samePath(href, path) ? 'page' : undefined}>
      {label}
    </a>
  );
}

/**
 * The firm's logo (docs/design.md §34), its box the image's own shape from its first paint (width and height: no shift
 * when it loads); CSS gives it the header's height. Also the staff app's (shell/staff-top-bar.tsx).
 */
export function BrandImage({ logo, alt, className }: { logo: string; alt: string; className: string }) {
  const image = brandLogo(logo);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? '10rem' : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
    />
  );
}

/**
 * The site header: logo and name, the public menu (dropdowns nest one more level) and the login link.
 * Rendered on the server with every dropdown closed; the header island (`islands/header.ts`) opens and closes
 * them, and folds the menu behind the 'Menu' button wherever it does not fit beside the brand (measured, see
 * `islands/header-layout.ts`); folded, the dropdowns stack as accordions. Before the island runs and without
 * JavaScript (`html.no-js`) the CSS folds it below 992px (without JavaScript: shows it whole) and from 992px
 * shows it beside the brand, wrapping rather than covering the brand, with the dropdowns on hover and focus.
 */
export function Header({
  menu,
  path,
  companyName,
  logo,
  label,
  languages,
}: {
  menu: readonly MenuEntry[];
  path: string;
  companyName: string;
  /** The company's logo field (docs/design.md §34): its image, or the demo logo while it has none. */
  logo: string;
  label?: string | undefined;
  /** The page in each language it is published in (docs/design.md §28): the switcher above the bar, from two on. */
  languages?: readonly PageLanguage[] | undefined;
}) {
  const links = useSiteLinks();
  const say = useSay();
  const items: ReactNode[] = menu.map((entry, i) => {
    const subs = entry.lstsubmenu ?? [];
    const key = `${entry.id}-${i}`;
    if (subs.length === 0) {
      return (
        <li key={key} className="menu__item">
          <MenuLink className="menu__link" label={entry.mainmenulabel} link={entry.mainmenulink} path={path} />
        </li>
      );
    }
    const listId = `nav-sub-${i}`;
    const hasCurrent = subs.some(
      (sub) =>
        samePath(menuHref(sub.submenulink), path) ||
        (sub.lstchildmenu ?? []).some((child) => samePath(menuHref(child.submenulink), path)),
    );
    return (
      <li key={key} className="menu__item menu__item--has-sub">
        <button
          type="button"
          className={classes('menu__link', 'menu__button', hasCurrent && 'is-current')}
          aria-expanded={false}
          aria-controls={listId}
        >
          {entry.mainmenulabel}
          <Icon name="chevron-down" className="menu__chevron" />
        </button>
        <ul className="submenu" id={listId}>
          {subs.map((sub, j) => {
            const children = sub.lstchildmenu ?? [];
            const subKey = `${sub.id}-${j}`;
            if (children.length === 0) {
              return (
                <li key={subKey} className="submenu__item">
                  <MenuLink className="submenu__link" label={sub.submenulabel} link={sub.submenulink} path={path} />
                </li>
              );
            }
            const childListId = `${listId}-${j}`;
            const childCurrent = children.some((child) => samePath(menuHref(child.submenulink), path));
            return (
              <li key={subKey} className="submenu__item submenu__item--has-sub">
                <button
                  type="button"
                  className={classes('submenu__link', 'menu__button', childCurrent && 'is-current')}
                  aria-expanded={false}
                  aria-controls={childListId}
                >
                  {sub.submenulabel}
                  <Icon name="chevron-down" className="menu__chevron" />
                </button>
                <ul className="submenu submenu--nested" id={childListId}>
                  {children.map((child, k) => (
                    <li key={`${child.id}-${k}`} className="submenu__item">
                      <MenuLink
                        className="submenu__link"
                        label={child.submenulabel}
                        link={child.submenulink}
                        path={path}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </li>
    );
  });

  return (
    <header className="site-header" data-island="header" aria-label={label}>
      <LanguageSwitcher languages={languages} />
      <div className="container site-header__bar">
        <a className="brand" href={siteHref(links, '/Home1')}>
          <BrandImage className="brand__logo" logo={logo} alt={companyName} />
          {/* The logo's alt text names the link; the name beside it would say it twice. */}
          <span className="brand__name" aria-hidden="true">
            {companyName}
          </span>
        </a>
        <button type="button" className="nav-toggle" aria-expanded={false} aria-controls="site-nav">
          <Icon name="menu" />
          <span className="nav-toggle__label">{say('site.menu')}</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label={say('site.mainNav')}>
          <ul className="menu">{items}</ul>
        </nav>
        <a className="login-link" href="/login" aria-label={say('site.logIn')}>
          <Icon name="login" />
        </a>
      </div>
    </header>
  );
}
