import { contentPageByKey, type ContentPageKey } from './pages';

/**
 * The words of the site's frame and of its pages' fixed headings (docs/design.md §34): every word a visitor reads or
 * hears that is not a page's content, the menu, the company's details or the contact form's (core/site-texts.ts).
 * Each is a site text: the firm may put its own words in the default language, and translate them into every
 * other. `{name}` in a text is filled in where it is shown (the firm's name, a slide's number).
 */
interface SiteWord {
  /** What the firm and its translators read beside the text: where visitors meet it. */
  label: string;
  /** Folio's own text in the default language. */
  text: string;
}

const pageName = (key: ContentPageKey) => contentPageByKey(key).name;

export const SITE_WORDS = {
  'site.skip': { label: 'Every page: the link that skips to the content (keyboard users)', text: 'Skip to content' },
  'site.menu': { label: 'Every page: the Menu button on phones', text: 'Menu' },
  'site.mainNav': { label: 'Every page: the main menu’s name, read aloud by screen readers', text: 'Main' },
  'site.logIn': { label: 'Every page: the staff log-in link, read aloud by screen readers', text: 'Log in' },
  'site.languages': {
    label: 'Every page: the language switcher’s name, read aloud by screen readers',
    text: 'Language',
  },
  'footer.lead': {
    label: 'Footer: the line above the button to the contact page',
    text: 'We would love to hear from you!',
  },
  'footer.cta': { label: 'Footer: the button to the contact page', text: 'Get In Touch' },
  'footer.nav': { label: 'Footer: the name of its links, read aloud by screen readers', text: 'Footer' },
  'footer.home': { label: 'Footer: the link to the home page', text: pageName('home') },
  'footer.about': { label: 'Footer: the link to the about page', text: pageName('about') },
  'footer.expertise': { label: 'Footer: the link to the expertise page', text: pageName('expertise') },
  'footer.news': { label: 'Footer: the link to the news page', text: pageName('news') },
  'footer.contact': { label: 'Footer: the link to the contact page', text: pageName('contact') },
  'footer.rights': { label: 'Footer: after the copyright year and the company’s name', text: 'All rights reserved.' },
  'home.readMore': { label: 'Home page: the link to the about page', text: 'Read more' },
  'home.readMoreAloud': { label: 'Home page: the rest of that link, read aloud by screen readers', text: 'about us' },
  'home.allNews': { label: 'Home page: the link to the news page', text: 'All news' },
  'home.allNewsAloud': {
    label: 'Home page: the rest of that link, read aloud ({company} is the company’s name)',
    text: 'from {company}',
  },
  'carousel.previous': { label: 'Slides: the previous-slide button, read aloud', text: 'Previous slide' },
  'carousel.next': { label: 'Slides: the next-slide button, read aloud', text: 'Next slide' },
  'carousel.goTo': { label: 'Slides: each dot’s button, read aloud ({n} is its number)', text: 'Go to slide {n}' },
  'carousel.position': { label: 'Slides: where a slide is, read aloud ({n} of {count})', text: '{n} of {count}' },
  'carousel.name': { label: 'Slides (home page and others): their name, read aloud', text: 'Highlights' },
  'products.kicker': { label: 'Product pages: the small line above the product’s name', text: 'Our products' },
  'products.modules': { label: 'Product pages: the modules’ heading when the page names none', text: 'Modules' },
  'prod1.salesForce': { label: `${pageName('prod1')}: a section’s heading`, text: 'Sales Force Automation' },
  'prod1.service': { label: `${pageName('prod1')}: a section’s heading`, text: 'Service Management' },
  'prod1.architecture': { label: `${pageName('prod1')}: a column’s heading`, text: 'Architecture' },
  'prod1.benefits': { label: `${pageName('prod1')}: a column’s heading`, text: 'Benefits' },
  'prod2.service': {
    label: `${pageName('prod2')}: a section’s heading when the page names none`,
    text: 'Service Management',
  },
  'prod3.benefits': { label: `${pageName('prod3')}: a section’s heading`, text: 'Benefits' },
  'prod3.frontOffice': { label: `${pageName('prod3')}: a column’s heading`, text: 'Front Office' },
  'prod3.doctor': { label: `${pageName('prod3')}: a column’s heading`, text: 'Doctor' },
  'about.management': { label: `${pageName('about')}: the heading over the management team`, text: 'Management' },
  'consulting.offer': { label: `${pageName('consulting')}: the heading over the services`, text: 'What we offer' },
  'expertise.practices': { label: `${pageName('expertise')}: a section’s heading`, text: 'Technologies and practices' },
  'expertise.industry': {
    label: `${pageName('expertise')}: the heading over the table`,
    text: 'Industry Segment & Bespoke Development',
  },
  'expertise.segment': { label: `${pageName('expertise')}: the table’s first column`, text: 'Segment' },
  'expertise.product': { label: `${pageName('expertise')}: the table’s second column`, text: 'Product' },
  'customers.logo': {
    label: `${pageName('customers')}: a customer’s logo, read aloud ({name} is the customer)`,
    text: '{name} logo',
  },
  'contactPage.map': {
    label: 'Contact page: the link to the map, read aloud',
    text: 'Open our location in a maps service (opens in a new tab)',
  },
  'contactPage.mapImage': { label: 'Contact page: the map’s picture, read aloud', text: 'Map of our office location' },
  'page.empty': {
    label: 'A page made without code: shown while it has nothing published',
    text: 'Nothing has been published on this page yet. Please come back soon.',
  },
  'notFound.title': { label: 'Page not found: its heading', text: 'Page not found' },
  'notFound.lead': {
    label: 'Page not found: the sentence under the heading',
    text: 'The page you asked for does not exist or has moved.',
  },
  'notFound.home': { label: 'Page not found: the button to the home page', text: 'Go to the home page' },
  'notFound.contact': { label: 'Page not found: the button to the contact page', text: 'Contact us' },
} as const satisfies Record<string, SiteWord>;

export type SiteWordKey = keyof typeof SITE_WORDS;

/** The site words a firm has put in its own words or translated, by key; a word not listed is Folio's. */
export type SiteWords = Readonly<Partial<Record<string, string>>>;

/** A word as shown: the firm's (or its translation) else Folio's, with `{name}` filled in from `values`. */
export function sayWord(
  words: SiteWords | undefined,
  key: SiteWordKey,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const own = words?.[key]?.trim();
  const text: string = own ? own : SITE_WORDS[key].text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const isSiteWordKey = (key: string): key is SiteWordKey => Object.hasOwn(SITE_WORDS, key);
