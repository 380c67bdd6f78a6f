import { z } from 'zod';
import { staffPaths } from '../paths';
import { CONTENT_PAGES } from '../pages';
import { databaseId } from './ids';

/**
 * Redirects and the 404 log (docs/design.md §27): the calls' bodies and answers, for the server's routes and the redirects
 * screen alike. A redirect sends a visitor from `from`, an address on this site that has no page, to `to`, a path
 * on this site or an https address elsewhere.
 */

/** The longest `from` (and path `to`); the longest https `to`. */
export const LONGEST_REDIRECT_PATH = 300;
export const LONGEST_REDIRECT_URL = 2000;

/** The most rows one CSV import takes. */
export const LONGEST_REDIRECT_IMPORT = 10_000;

/** How many addresses the 404 log keeps (the most asked for). */
export const NOT_FOUND_LOG_SIZE = 1000;

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const REDIRECT_MESSAGES = {
  from: `From must be a path on this site that starts with / (such as /old-page), with no spaces, no ? or #, at most ${LONGEST_REDIRECT_PATH} characters.`,
  fromHost:
    'From must be a path on this site, such as /old-page, without https:// or a host name: a redirect can only answer addresses of this site.',
  to: `To must be a path on this site that starts with / (such as /News1, a query allowed) or an https:// address (at most ${LONGEST_REDIRECT_URL} characters), with no spaces.`,
  status: 'Status must be 301 (moved for good) or 302 (moved for now).',
  same: 'From and To are the same address: the redirect would send visitors to where they already are.',
  notFound: 'There is no redirect with that id: it was deleted meanwhile.',
  csvType: 'Send the redirects as CSV (Content-Type: text/csv) with the columns from, to, status.',
  csvEmpty: 'The CSV holds no redirects: it needs a header line from,to,status and a line per redirect.',
  csvTooLong: `A CSV may hold at most ${LONGEST_REDIRECT_IMPORT.toLocaleString('en')} redirects; split it into several files.`,
  csvColumns: 'This line needs two or three values: from, to and (optionally) status.',
  csvUnreadable: (reason: string) => `The CSV cannot be read: ${reason}`,
  loop: (from: string, to: string) =>
    `A redirect from ${from} to ${to} would make a loop: following the redirects from ${to} leads back to ${from}.`,
  livePage: (from: string, page: string) =>
    `${from} is the address of the live page ${page}: visitors reach the page there, so it cannot redirect.`,
  reserved: (from: string) =>
    `${from} is an address of Folio itself (the staff app, the API or its files): it cannot redirect.`,
  taken: (from: string) => `A redirect from ${from} exists already: edit that one instead.`,
  missingTarget: (to: string) =>
    `Nothing is at ${to} on this site yet: visitors sent there would get “Page not found”. Save the redirect anyway?`,
  changedMeanwhile: 'The redirects were changed while the file was read: nothing was imported. Import the file again.',
} as const;

/** Characters no address may hold: spaces and the control characters. */
// eslint-disable-next-line no-control-regex
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/** A path on this site: starts with one /, no whitespace or control characters. */
function isSitePath(value: string): boolean {
  return (
    value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !WHITESPACE_OR_CONTROL.test(value)
  );
}

/** An address with a scheme or a host (`https://x/y`, `//x/y`, `example.com/y`): not a path on this site. */
function hasHost(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') || /^[\w-]+(\.[\w-]+)+(\/|$)/.test(value);
}

/** `from`: a path on this site without query or fragment. */
export const RedirectFromSchema = z
  .string({ message: REDIRECT_MESSAGES.from })
  .trim()
  .superRefine((value, context) => {
    if (hasHost(value)) context.addIssue({ code: 'custom', message: REDIRECT_MESSAGES.fromHost });
    else if (!isSitePath(value) || value.length > LONGEST_REDIRECT_PATH || /[?#]/.test(value))
      context.addIssue({ code: 'custom', message: REDIRECT_MESSAGES.from });
  });

/** An https address with a host and no user name or password in it. */
function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || WHITESPACE_OR_CONTROL.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `to`: a path on this site (a query allowed, no fragment), or an https address. */
export const RedirectToSchema = z
  .string({ message: REDIRECT_MESSAGES.to })
  .trim()
  .refine(
    (value) =>
      value.startsWith('/') && !value.startsWith('//')
        ? isSitePath(value) && !value.includes('#') && value.length <= LONGEST_REDIRECT_PATH
        : isHttpsUrl(value) && value.length <= LONGEST_REDIRECT_URL,
    { message: REDIRECT_MESSAGES.to },
  );

export const RedirectStatusSchema = z.union([z.literal(301), z.literal(302)], { message: REDIRECT_MESSAGES.status });

/** `POST /api/master/redirects {id?, from, to, status}`: creates a redirect, or changes the one with `id`. */
export const SaveRedirectSchema = z.strictObject({
  id: databaseId({ coerce: false }).optional(),
  from: RedirectFromSchema,
  to: RedirectToSchema,
  status: RedirectStatusSchema,
  /** The person said yes to a `to` on this site where nothing is (docs/design.md §34: the server asks first, with a 409 and `confirm`). */
  confirmed: z.boolean().optional(),
});
export type SaveRedirect = z.infer<typeof SaveRedirectSchema>;

/** A redirect as the screen lists it: how often it was followed, and when last (ISO 8601 UTC, null: never). */
export const RedirectSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: RedirectStatusSchema,
  hits: z.number().int(),
  lastHit: z.string().nullable(),
});
export type Redirect = z.infer<typeof RedirectSchema>;

export const RedirectListSchema = z.object({ items: z.array(RedirectSchema) });
export type RedirectList = z.infer<typeof RedirectListSchema>;

/** `POST /api/master/redirects.csv`: the good lines imported, each bad one with its line number and a sentence. */
export const RedirectImportSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type RedirectImport = z.infer<typeof RedirectImportSchema>;

/** An address visitors asked for and got the 404 page: how often, when last, and the last page that linked to it. */
export const NotFoundEntrySchema = z.object({
  path: z.string(),
  hits: z.number().int(),
  lastSeen: z.string(),
  referrer: z.string().nullable(),
});
export type NotFoundEntry = z.infer<typeof NotFoundEntrySchema>;
export const NotFoundListSchema = z.object({ items: z.array(NotFoundEntrySchema) });
export type NotFoundList = z.infer<typeof NotFoundListSchema>;

/** Characters whose percent-encoding an address keeps: decoded, they would change its meaning (`/`, `?`, `#`, `%`) or be refused. */
// eslint-disable-next-line no-control-regex
const KEEP_ENCODED = /[\s\u0000-\u001f\u007f/?#%\\]/u;

/**
 * An address on this site in one spelling (docs/design.md §34), before any rule compares it: percent-encoding decoded
 * (`/%41bout1` is `/About1`, `/%C3%BCber` is `/über`) but where decoding would change the address (`%2F`, `%3F`,
 * a space: kept, in capitals), and without a trailing slash (`/About1/` is `/About1`). Its case is kept: see
 * `addressKey`.
 */
export function normalAddress(path: string): string {
  const decoded = path.replace(/(?:%[0-9a-f]{2})+/giu, (run) => {
    let text: string;
    try {
      text = decodeURIComponent(run);
    } catch {
      return run.toUpperCase();
    }
    return Array.from(text, (character) =>
      KEEP_ENCODED.test(character) ? encodeURIComponent(character) : character,
    ).join('');
  });
  return decoded.replace(/(.)\/+$/u, '$1');
}

/** What an address is matched by, as live pages are (docs/design.md §34): its one spelling, without regard to case. */
export const addressKey = (path: string): string => normalAddress(path).toLowerCase();

/** The CSV's columns, in order. */
export const REDIRECT_CSV_COLUMNS = ['from', 'to', 'status'] as const;

/** Folio's own addresses: the staff app's screens, the API, the client's files and images, previews, robots and sitemap. */
const OWN_PREFIXES = ['/api/', '/assets/', '/uploads/', '/preview/'];
const STAFF = staffPaths().map((path) => path.toLowerCase());
const OWN_ADDRESSES = new Set([
  '/',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.ico',
  ...STAFF.filter((path) => !path.includes(':')),
]);
/** The screens that open a record by id (`/user/:id`): their address up to the id. */
const OWN_RECORD_PREFIXES = STAFF.filter((path) => path.endsWith('/:id')).map((path) => path.slice(0, -':id'.length));
/** The old short routes already answer 301 to their pages (docs/design.md §3). */
const LEGACY = new Set(CONTENT_PAGES.flatMap((page) => (page.legacyPath ? [page.legacyPath.toLowerCase()] : [])));

/**
 * Whether a `from` is one of Folio's own addresses, which answer before any redirect could (any case, with or
 * without a trailing slash): such a redirect would never be followed, or would take the address from Folio.
 */
export function isFolioAddress(from: string): boolean {
  const lower = from.toLowerCase();
  const bare = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  if (OWN_ADDRESSES.has(bare) || LEGACY.has(bare)) return true;
  if (OWN_PREFIXES.some((prefix) => lower.startsWith(prefix) || `${bare}/` === prefix)) return true;
  return OWN_RECORD_PREFIXES.some((prefix) => bare.startsWith(prefix) && !bare.slice(prefix.length).includes('/'));
}
