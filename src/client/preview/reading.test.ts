// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readingFigures } from './reading';

const root = (html: string) => {
  const element = document.createElement('main');
  element.innerHTML = html;
  return element;
};

describe('the reading figures of the checks panel', () => {
  it('counts each list entry, cell and heading as a sentence of its own, as a reader reads them', () => {
    const figures = readingFigures(
      root(
        '<h2>Cloud</h2><ul><li>Hosting in Tier 1 data centres</li><li>Nightly backups</li></ul><table><tr><td>Pharma</td><td>Field forces</td></tr></table>',
      ),
    );
    expect(figures.sentences).toBe(5);
    expect(figures.words).toBe(12);
  });

  it('splits a paragraph at its full stops, question and exclamation marks', () => {
    expect(readingFigures(root('<p>We build software. Do you need it? Call us!</p>')).sentences).toBe(3);
  });

  it('leaves out hidden and screen-reader-only text', () => {
    expect(
      readingFigures(
        root(
          '<p>Seen text.</p><p hidden>Hidden words here.</p><span class="visually-hidden">Only for screen readers.</span>',
        ),
      ).words,
    ).toBe(2);
  });

  it('reads short plain sentences as easy and one long run of long words as very difficult', () => {
    expect(readingFigures(root('<p>We fix bugs. We ship fast. You get a site that works.</p>')).ease).toBeGreaterThan(
      80,
    );
    expect(
      readingFigures(
        root(
          `<p>${'Comprehensive internationalisation methodologies notwithstanding organisational considerations '.repeat(4)}</p>`,
        ),
      ).ease,
    ).toBeLessThan(0);
  });

  it('has no sentences and reads easy when there is no text', () => {
    expect(readingFigures(root('<div><img alt=""></div>'))).toEqual({ words: 0, sentences: 0, ease: 100 });
  });
});
