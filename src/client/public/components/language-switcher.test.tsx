import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from './language-switcher';

const languages = [
  { code: 'en-IN', name: 'English', path: '/Home1', current: false },
  { code: 'de', name: 'Deutsch', path: '/de/Home1', current: true },
];

describe('the public language switcher', () => {
  it('links the page in each language, named in it, the shown one current: plain markup, no island', () => {
    const html = renderToStaticMarkup(<LanguageSwitcher languages={languages} />);
    expect(html).toContain('<nav class="language-switcher" aria-label="Language">');
    expect(html).toContain(
      '<a class="language-switcher__link" href="/Home1" hrefLang="en-IN" lang="en-IN">English</a>',
    );
    expect(html).toContain(
      '<a class="language-switcher__link" href="/de/Home1" hrefLang="de" lang="de" aria-current="true">Deutsch</a>',
    );
    expect(html).not.toContain('data-island');
  });

  it('is left out for a page in fewer than two languages', () => {
    expect(renderToStaticMarkup(<LanguageSwitcher languages={[languages[0]!]} />)).toBe('');
    expect(renderToStaticMarkup(<LanguageSwitcher languages={undefined} />)).toBe('');
  });
});
