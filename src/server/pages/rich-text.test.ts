import { describe, expect, it } from 'vitest';
import { richTextCleaner, sanitizeRichText } from './rich-text';

const BASE = 'https://www.innovo.example/';
const DIRTY = [
  '<p onclick="steal()">Hello <script>alert(1)</script><strong>world</strong></p>',
  '<a href="javascript:alert(1)" target="_blank">x</a><img src="https://evil.example/a.png" onerror="x()">',
  '<p style="position:fixed;color:#123">kept colour</p><img src="/uploads/about/team.webp" alt="Team">',
];

describe('the rich-text cleaner of a site', () => {
  it('answers what the sanitiser answers, for new and for remembered HTML alike', () => {
    const clean = richTextCleaner(BASE);
    for (let round = 0; round < 3; round += 1) {
      for (const html of DIRTY) expect(clean(html)).toBe(sanitizeRichText(html, BASE));
    }
    expect(clean(DIRTY[0]!)).toBe('<p>Hello <strong>world</strong></p>');
    expect(clean(DIRTY[1]!)).not.toMatch(/javascript|onerror|evil/);
  });

  it('stays right when it holds less than one page of text (remembered results are dropped, not reused wrongly)', () => {
    const clean = richTextCleaner(BASE, 40);
    for (let round = 0; round < 3; round += 1) {
      for (const html of DIRTY) expect(clean(html)).toBe(sanitizeRichText(html, BASE));
    }
  });

  it('keeps each site to its own images', () => {
    const html = '<img src="https://a.example/logo.png" alt="A">';
    expect(richTextCleaner('https://a.example/')(html)).toContain('<img');
    expect(richTextCleaner('https://b.example/')(html)).not.toContain('<img');
  });
});

describe('images in rich text (docs/design.md §24)', () => {
  const upload = '/uploads/photos/about/0123456789abcdef01234567_800x600.png';
  const srcOf = (html: string) => /<img src="([^"]*)"/.exec(sanitizeRichText(html, BASE))?.[1] ?? null;

  it('stores an upload as its path, whatever scheme and host it comes with (the site may have moved)', () => {
    for (const host of [
      'http://localhost:3000',
      'https://www.innovo.example',
      'http://192.168.1.20:8080',
      'HTTPS://Old.Example',
    ]) {
      expect(srcOf(`<p><img src="${host}${upload}" alt="Team"></p>`), host).toBe(upload);
    }
    expect(srcOf(`<img src="${upload}">`)).toBe(upload);
  });

  it("stores any other image of the site's public address as a path, and drops images of other sites", () => {
    expect(srcOf('<img src="https://WWW.innovo.example/demo/slides/home-1.svg?v=2">')).toBe(
      '/demo/slides/home-1.svg?v=2',
    );
    expect(srcOf('<img src="http://www.innovo.example/demo/logo.png">')).toBeNull();
    expect(srcOf('<img src="https://cdn.example.com/logo.png">')).toBeNull();
    expect(srcOf('<img src="//cdn.example.com/logo.png">')).toBeNull();
    // Links keep their addresses: only images are this site's own.
    expect(sanitizeRichText('<a href="https://www.example.in/uploads/photos/x.png">x</a>', BASE)).toBe(
      '<a href="https://www.example.in/uploads/photos/x.png">x</a>',
    );
  });
});
