import axe from 'axe-core';
import type { CheckFinding } from './protocol';
import { readingFigures } from './reading';

/**
 * The checks panel's findings (docs/design.md §26), run inside the preview's frame on the page as rendered: axe-core
 * (WCAG 2 A and AA), then what visitors and search engines trip on that axe does not judge: images without
 * alternative text, links without text or to a page of the site that does not exist, skipped heading levels,
 * the search title's and description's length, the words, the reading time and, for English, how easy the text
 * reads. Each finding names the field whose element it is in (`data-folio-field`), when there is one.
 */
export async function runChecks(siteAddresses: readonly string[]): Promise<CheckFinding[]> {
  const main = document.querySelector('main') ?? document.body;
  return [
    ...(await axeFindings()),
    ...imageFindings(main),
    ...linkFindings(main, siteAddresses),
    ...headingFindings(main),
    ...searchFindings(),
    ...textFindings(main),
  ];
}

const FIELD = 'data-folio-field';
const fieldOf = (element: Element | null): string | null => element?.closest(`[${FIELD}]`)?.getAttribute(FIELD) ?? null;

/** The search result's fields, by what they show. */
const SEO_TITLE = 'seo.title';
const SEO_DESCRIPTION = 'seo.description';

async function axeFindings(): Promise<CheckFinding[]> {
  const results = await axe.run(
    { exclude: [['.folio-pane-overlay']] },
    {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    },
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const [selector] = node.target;
      const element = typeof selector === 'string' ? document.querySelector(selector) : null;
      return {
        check: 'axe' as const,
        severity: 'problem' as const,
        message: `${violation.help}.`,
        field: fieldOf(element),
        helpUrl: violation.helpUrl,
      };
    }),
  );
}

function imageFindings(main: Element): CheckFinding[] {
  return [...main.querySelectorAll('img')].flatMap((image) => {
    const alt = image.getAttribute('alt');
    // The page's own decoration (alt="" outside every field) is fine; an image of the content needs words.
    if (alt !== null && (alt.trim() !== '' || fieldOf(image) === null)) return [];
    return [
      {
        check: 'alt' as const,
        severity: 'problem' as const,
        message: 'An image has no alternative text: people who cannot see it get nothing.',
        field: fieldOf(image),
      },
    ];
  });
}

const FILE_OR_SYSTEM = /^\/(api|assets|uploads|demo|preview)\/|\.[a-z0-9]{2,5}$/i;

function linkFindings(main: Element, siteAddresses: readonly string[]): CheckFinding[] {
  const known = new Set(siteAddresses.map((address) => address.toLowerCase()));
  return [...main.querySelectorAll('a[href]')].flatMap((link): CheckFinding[] => {
    const text =
      (link.textContent ?? '').trim() ||
      link.getAttribute('aria-label')?.trim() ||
      [...link.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt')?.trim()).join('');
    const found: CheckFinding[] = [];
    if (!text)
      found.push({
        check: 'link-text',
        severity: 'problem',
        message: 'A link has no text: a screen reader can only read out its address.',
        field: fieldOf(link),
      });
    const path = sitePath(link.getAttribute('href') ?? '');
    if (path !== null && !FILE_OR_SYSTEM.test(path) && !known.has(path.toLowerCase())) {
      found.push({
        check: 'link-target',
        severity: 'problem',
        message: `A link goes to ${path}, which is not a page of this site: visitors get "Page not found".`,
        field: fieldOf(link),
      });
    }
    return found;
  });
}

/** The path of a link to this site (`/About1`, `/About1#team`), or null for another site, mail, phone or a fragment. */
function sitePath(href: string): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const path = href.split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}

function headingFindings(main: Element): CheckFinding[] {
  let previous = Number(document.querySelector('h1') ? 1 : 0);
  return [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].flatMap((heading) => {
    const level = Number(heading.tagName.slice(1));
    const skipped = previous > 0 && level > previous + 1;
    const from = previous;
    previous = level;
    return skipped
      ? [
          {
            check: 'heading' as const,
            severity: 'problem' as const,
            message: `A heading jumps from level ${from} to level ${level}: people who move by headings miss a level.`,
            field: fieldOf(heading),
          },
        ]
      : [];
  });
}

function searchFindings(): CheckFinding[] {
  const title = document.title.trim();
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? '';
  const findings: CheckFinding[] = [];
  if (title.length > 60)
    findings.push({
      check: 'title',
      severity: 'advice',
      message: `The search title has ${title.length} characters: search engines cut it after about 60.`,
      field: SEO_TITLE,
    });
  if (title.length < 15)
    findings.push({
      check: 'title',
      severity: 'advice',
      message: `The search title has ${title.length} characters: a few words more tell searchers what the page is.`,
      field: SEO_TITLE,
    });
  if (description.length > 160)
    findings.push({
      check: 'description',
      severity: 'advice',
      message: `The search description has ${description.length} characters: search engines cut it after about 160.`,
      field: SEO_DESCRIPTION,
    });
  if (description.length < 50)
    findings.push({
      check: 'description',
      severity: 'advice',
      message: `The search description has ${description.length} characters: 50 to 160 read best in search results.`,
      field: SEO_DESCRIPTION,
    });
  return findings;
}

const WORDS_PER_MINUTE = 200;

function textFindings(main: Element): CheckFinding[] {
  const { words, ease: score } = readingFigures(main);
  const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  const findings: CheckFinding[] = [
    {
      check: 'words',
      severity: 'info',
      message: `${words} words, about ${minutes} minute${minutes === 1 ? '' : 's'} of reading.`,
      field: null,
    },
  ];
  if (document.documentElement.lang.toLowerCase().startsWith('en') && words >= 30) {
    // Flesch's scale runs past both ends for extreme text; shown on its 0 to 100.
    const shown = Math.min(100, Math.max(0, Math.round(score)));
    findings.push({
      check: 'readability',
      severity: shown < 30 ? 'advice' : 'info',
      message: `Reading ease ${shown} of 100 (Flesch): ${ease(shown)}.${shown < 30 ? ' Shorter sentences and words make it easier.' : ''}`,
      field: null,
    });
  }
  return findings;
}

function ease(score: number): string {
  if (score >= 80) return 'easy to read';
  if (score >= 60) return 'plain English';
  if (score >= 50) return 'fairly difficult';
  if (score >= 30) return 'difficult, for readers with some college';
  return 'very difficult, for graduates';
}
