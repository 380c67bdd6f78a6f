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
