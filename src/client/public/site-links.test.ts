import { describe, expect, it } from 'vitest';
import { siteHref, withSiteLinks } from './site-links';

/** A German page's links (docs/design.md §34): the server's addresses, by the default language's lower-cased path. */
const GERMAN = new Map([
  ['/about1', '/de/About1'],
  ['/abot', '/de/About1'],
  ['/contact1', '/de/Contact1'],
]);

describe('links of a page in another language', () => {
  it("lead to the site's pages in that language: any case, a trailing slash, the query and fragment kept", () => {
    expect(
      ['/About1', '/about1/', '/ABOUT1?x=1#team', '/abot', '/Contact1#contact-form'].map((href) =>
        siteHref(GERMAN, href),
      ),
    ).toEqual(['/de/About1', '/de/About1', '/de/About1?x=1#team', '/de/About1', '/de/Contact1#contact-form']);
  });

  it('leave everything else as it is, and every link of a page in the default language', () => {
    for (const href of [
      '/login',
      '//evil.example/About1',
      'https://example.com/About1',
      'mailto:a@b.in',
      '#main',
      '',
      '/de/About1',
    ])
      expect(siteHref(GERMAN, href)).toBe(href);
    expect(siteHref(undefined, '/About1')).toBe('/About1');
  });

  it('in rich text, rewrite the href of links only', () => {
    const html =
      '<p><a href="/About1">us</a> <a target="_blank" href="/contact1" rel="noopener noreferrer">write</a> <img src="/About1" alt=""> /About1 <a href="https://x.in/About1">x</a></p>';
    expect(withSiteLinks(GERMAN, html)).toBe(
      '<p><a href="/de/About1">us</a> <a target="_blank" href="/de/Contact1" rel="noopener noreferrer">write</a> <img src="/About1" alt=""> /About1 <a href="https://x.in/About1">x</a></p>',
    );
    expect(withSiteLinks(undefined, html)).toBe(html);
  });
});
