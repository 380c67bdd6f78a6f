import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTENT_PAGES } from '../../core/pages';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import { DATABASE_INTEGER_MAX } from '../../core/schemas/ids';
import { PageCursorSchema } from '../../core/schemas/paging';
import { pendingSetupCode, storedOrNewSetupCode } from '../setup/setup.service';
import { ADMIN_PASSWORD, EDITOR_PASSWORD, createEditor, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { multipartBody, testImage } from '../test-support/uploads';
import { createUser } from '../users/users.service';

/**
 * docs/design.md §24: no input gets a 5xx, on either database. Every operation of the OpenAPI document (the routes' own
 * zod schemas, docs/design.md §17) is called with a request that passes access (an administrator's session with its
 * CSRF header, or a visitor for the public calls), then again with each of its fields (path and query parameters,
 * body fields, fields of nested objects and of a list's first entry, multipart parts) set to each edge value, and
 * with bodies that are missing or not an object. Any 5xx fails, named by operation, field and value; so does an
 * error answer without its sentence (docs/design.md §4). An operation of the document without a case here fails too: a
 * new route gets its case, or this test says so.
 *
 * Ids and page cursors, walked harder: every field of the document that holds a row id or revision number (an integer
 * field named so, or bounded to the integer column's range) and every page cursor (`after`) gets values beyond the
 * integer column (2^31, 2^53, -1, ...) and forged cursors; each is a 400 with a sentence (about that field, when the
 * answer names one), and a value in range that names no row answers below 500. Which operations have such fields
 * is read from the document, so a route added later is walked without a word here.
 */

type Json = unknown;
type Who = 'admin' | 'visitor' | 'fresh-admin';

/** What a request of an operation carries; the walk changes one place of it at a time. */
interface RequestParts {
  params?: Record<string, Json>;
  query?: Record<string, Json>;
  body?: Json;
}

interface Fixtures {
  userId: number;
  groupId: number;
  spareGroupIds: number[];
  enquiryId: number;
  spareEnquiryIds: number[];
  masterTypeId: number;
  masterValueId: number;
  stateTypeId: number;
  stateValueId: number;
  countryValueId: number;
  autowiredId: number;
  autowiredRouting: string;
  menuItemId: number;
  spareMenuItemIds: number[];
  png: Buffer;
}

interface OperationCase {
  /** A request that passes access and, as far as fixed values can, validation; `n` is new on every call. */
  request(f: Fixtures, n: number, t: TestApp): RequestParts | Promise<RequestParts>;
  /** Who calls (an administrator unless said): `fresh-admin`, a new administrator's session after each call that succeeded. */
  who?: Who;
  /** multipart/form-data: the body's fields are parts, `file` a file part. */
  multipart?: true;
  /** Called on the app of the first-run setup (a database without an administrator). */
  setupApp?: true;
  /** Puts back what a call changed (or learns from its answer), so that the next call reaches the same place. */
  afterAnswer?(t: TestApp, status: number, answer: Record<string, Json>): void | Promise<void>;
}

/** The site's languages in the edge walk: German beside the default. */
const EDGE_LANGUAGES = {
  defaultLocale: 'en-IN',
  locales: [
    { code: 'en-IN', name: 'English', enabled: true },
    { code: 'de', name: 'Deutsch', enabled: true },
  ],
};

/** The administrator's session headers of the walk (set once it signed in). */
let adminHeaders: Record<string, string> = {};

/** News's newest German revision, as its translation editor reads it. */
async function germanRevision(t: TestApp): Promise<number> {
  return (
    (
      await t.app.inject({ method: 'GET', url: '/api/master/translate/News?locale=de', headers: adminHeaders })
    ).json() as { revision: number }
  ).revision;
}

const NUL_TEXT = 'Edge text \u0000 with a NUL';
const LONG_TEXT = 'x'.repeat(10_000);

/** The edge values of docs/design.md §24, with the names a failure gives them. */
const EDGE_VALUES: ReadonlyArray<readonly [string, Json]> = [
  ['0', 0],
  ['-1', -1],
  ['2^31', 2 ** 31],
  ['-2^31-1', -(2 ** 31) - 1],
  ['2^53', 2 ** 53],
  ['1.5', 1.5],
  ['"2147483648" (text)', '2147483648'],
  ['a text with NUL', NUL_TEXT],
  ['2026-99-99', '2026-99-99'],
  ['2026-99-99T99:99:99Z', '2026-99-99T99:99:99Z'],
  ['10,000 characters', LONG_TEXT],
  ['an array', ['x', 1]],
  ['an object', { x: 'x' }],
  ['a word where a number is due', 'seven'],
  ['null', null],
  ['true', true],
];

/** A passkey's answers as the browser shapes them (docs/design.md §33), signed by nothing. */
const EDGE_CLIENT_DATA = Buffer.from('{"type":"webauthn.get","challenge":"edge","origin":"http://localhost"}').toString(
  'base64url',
);
const EDGE_CREDENTIAL = { id: 'A'.repeat(43), rawId: 'A'.repeat(43), clientExtensionResults: {}, type: 'public-key' };
const EDGE_REGISTRATION = {
  ...EDGE_CREDENTIAL,
  response: { clientDataJSON: EDGE_CLIENT_DATA, attestationObject: 'o2NmbXRkbm9uZQ', transports: ['internal'] },
};
const EDGE_ASSERTION = {
  ...EDGE_CREDENTIAL,
  response: {
    clientDataJSON: EDGE_CLIENT_DATA,
    authenticatorData: 'A'.repeat(50),
    signature: 'AAAA',
    userHandle: 'AAAA',
  },
};

/** Bodies that are not the object a call expects. */
const WHOLE_BODIES: ReadonlyArray<readonly [string, Json]> = [
  ['no body', undefined],
  ['null', null],
  ['an array', []],
  ['a text', 'x'],
  ['a number', 2 ** 31],
];

const contentDocument = async (t: TestApp, getCall: string, who: LoggedIn) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/master/${getCall}`,
    headers: who.headers,
    payload: {},
  });
  return response.json() as Record<string, Json>;
};

/** The documents of the pages as last read or saved: a save sends its page's, with the page's current revision. */
const documents = new Map<string, Record<string, Json>>();
const savedDocument = async (t: TestApp, key: string, read: () => Promise<Record<string, Json>>) => {
  if (!documents.has(key)) documents.set(key, await read());
  return { ...documents.get(key)! };
};
/** After a save: its new revision is the page's; after a refusal as stale, the page is read again. */
const keepRevision = (key: string) => (_t: TestApp, status: number, answer: Record<string, Json>) => {
  const document = documents.get(key);
  if (document && status === 200 && typeof answer.revision === 'number') document.revision = answer.revision;
  if (status === 409) documents.delete(key);
};
const AUTOWIRED_ROUTING = 'EdgeCareers';

let admin: LoggedIn;
const company = {
  companyCode: 'EDGE01',
  companyName: 'Edge Systems',
  address: '12 FC Road, Pune',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411004',
  country: 'India',
  websiteUrl: 'https://edge.example.in',
  contact: '9822012345',
  email: 'office@edge.example.in',
  tagline: 'Edges, handled',
};

/** How to call each operation of the document, by `METHOD /path` as the document names it. */
const CASES: Record<string, OperationCase> = {
  'GET /api/openapi.json': { request: () => ({}), who: 'visitor' },
  'GET /api/ready': { request: () => ({}), who: 'visitor' },
  'GET /api/health': { request: () => ({}), who: 'visitor' },
  // The twelve content pages: read, save (their document as read, with its revision), history, restore.
  ...Object.fromEntries(
    CONTENT_PAGES.flatMap((page): Array<[string, OperationCase]> => [
      [`POST /api/master/${page.getCall}`, { request: () => ({ body: {} }) }],
      [
        `POST /api/master/${page.saveCall}`,
        {
          request: async (_f, _n, t) => ({
            body: await savedDocument(t, page.routing, () => contentDocument(t, page.getCall, admin)),
          }),
          afterAnswer: keepRevision(page.routing),
        },
      ],
      [`GET /api/master/history/${page.routing}`, { request: () => ({}) }],
      [`POST /api/master/restore/${page.routing}`, { request: () => ({ body: { revision: 1 } }) }],
    ]),
  ),
  'GET /api/pages/{routing}': { request: () => ({ params: { routing: 'News1' } }), who: 'visitor' },
  'POST /api/master/getpagecontent': { request: (f) => ({ body: { commonrouting: f.autowiredRouting } }) },
  'POST /api/master/savepagecontent': {
    request: async (f, _n, t) => {
      const read = async () =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/master/getpagecontent',
            headers: admin.headers,
            payload: { commonrouting: f.autowiredRouting },
          })
        ).json();
      return {
        body: { commonrouting: f.autowiredRouting, document: await savedDocument(t, f.autowiredRouting, read) },
      };
    },
    afterAnswer: keepRevision(AUTOWIRED_ROUTING),
  },
  'POST /api/master/getpagedefinition': { request: (f) => ({ body: { commonrouting: f.autowiredRouting } }) },
  'POST /api/master/getpagehistory': { request: (f) => ({ body: { commonrouting: f.autowiredRouting } }) },
  'POST /api/master/restorepage': { request: (f) => ({ body: { commonrouting: f.autowiredRouting, revision: 1 } }) },
  'GET /api/master/edit/{routing}': { request: () => ({ params: { routing: 'News' } }) },
  // The editor's preview (docs/design.md §26): the News document as read, rendered, never stored.
  'POST /api/master/preview/{routing}': {
    request: async (_f, _n, t) => ({
      params: { routing: 'News' },
      body: await savedDocument(t, 'News', () => contentDocument(t, 'getnews', admin)),
    }),
  },
  'POST /api/master/unschedule/{routing}': { request: () => ({ params: { routing: 'News' }, body: { revision: 1 } }) },
  'GET /api/master/compare/{routing}': { request: () => ({ params: { routing: 'News' }, query: { from: 1, to: 2 } }) },
  'POST /api/master/previewshare/{routing}': { request: () => ({ params: { routing: 'News' }, body: { hours: 24 } }) },
  'GET /api/master/previewshares/{routing}': { request: () => ({ params: { routing: 'News' } }) },
  'POST /api/master/previewshare/revoke': { request: () => ({ body: { id: 1 } }) },
  'POST /api/master/editing/{routing}': { request: () => ({ params: { routing: 'News' }, body: {} }) },
  'POST /api/master/editing/{routing}/leave': { request: () => ({ params: { routing: 'News' }, body: {} }) },
  'GET /api/master/forms': { request: () => ({}) },
  // The built-in contact form is the first form of every database.
  'GET /api/master/forms/{id}': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/forms': {
    request: (_f, n) => ({
      body: {
        name: `Edge ${n}`,
        fields: [{ key: 'name', label: 'Your name', kind: 'text', required: true }],
        recipients: [],
        confirmation: { enabled: false, subject: '', body: '' },
        successMessage: 'Thank you.',
        retentionDays: 30,
      },
    }),
  },
  'GET /api/master/forms/choices/{routing}': { request: () => ({ params: { routing: 'News' } }) },
  'GET /api/master/visits': { request: () => ({ query: { from: '2026-11-01', to: '2026-11-30', routing: 'Home' } }) },
  'GET /api/master/visits.csv': { request: () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }) },
  'GET /api/master/visits/pages/{routing}': { request: () => ({ params: { routing: 'News' } }) },
  'GET /api/master/webhooks': { request: () => ({}) },
  'POST /api/master/webhooks': {
    request: () => ({ body: { url: 'https://93.184.216.34/edge', events: ['page.published'] } }),
  },
  'POST /api/master/webhooks/{id}': {
    request: () => ({ params: { id: 1 }, body: { url: 'https://93.184.216.34/edge', events: ['form.submitted'] } }),
  },
  'POST /api/master/webhooks/{id}/active': { request: () => ({ params: { id: 1 }, body: { active: true } }) },
  'POST /api/master/webhooks/{id}/secret': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/webhooks/{id}/delete': { request: () => ({ params: { id: 1 } }) },
  'GET /api/master/webhooks/{id}/deliveries': { request: () => ({ params: { id: 1 } }) },
  'GET /api/master/webhooks/deliveries/{id}': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/webhooks/deliveries/{id}/redeliver': { request: () => ({ params: { id: 1 } }) },
  'GET /api/master/reviews': { request: () => ({}) },
  'GET /api/master/comments': { request: () => ({ query: { routing: 'News' } }) },
  'POST /api/master/comments': {
    request: () => ({ body: { routing: 'News', locale: null, path: 'seo.title', text: 'Edge comment.' } }),
  },
  'POST /api/master/comments/{id}/resolve': { request: () => ({ params: { id: 1 }, body: { resolved: true } }) },
  'GET /api/master/calendar': { request: () => ({ query: { from: '2026-12-01', to: '2026-12-31' } }) },
  'POST /api/master/reschedule/{routing}': {
    request: () => ({
      params: { routing: 'News' },
      body: { revision: 1, publishAt: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  'POST /api/master/retry/{routing}': { request: () => ({ params: { routing: 'News' }, body: { revision: 1 } }) },
  'GET /api/master/releases': { request: () => ({}) },
  'GET /api/master/releases/candidates': { request: () => ({}) },
  'POST /api/master/releases': {
    request: () => ({ body: { id: 1, name: 'Edge release', items: [{ routing: 'News', locale: 'de', revision: 1 }] } }),
  },
  'POST /api/master/releases/{id}/publish': {
    request: () => ({
      params: { id: 1 },
      body: {
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
        acknowledged: [{ routing: 'News', locale: null, findings: 1 }],
      },
    }),
  },
  'POST /api/master/releases/{id}/revert': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/releases/{id}/unschedule': { request: () => ({ params: { id: 1 } }) },
  'DELETE /api/master/releases/{id}': { request: () => ({ params: { id: 1 } }) },
  'GET /api/account/tokens': { request: () => ({}) },
  'POST /api/account/tokens': {
    request: () => ({
      body: {
        name: 'Edge token',
        scopes: ['content:read'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  },
  'POST /api/account/tokens/{id}/revoke': { request: () => ({ params: { id: 1 } }) },
  'GET /api/content/pages': { request: () => ({ query: { locale: 'de' } }) },
  'GET /api/content/pages/{routing}': { request: () => ({ params: { routing: 'News' }, query: { locale: 'de' } }) },
  'GET /api/master/contentApi': { request: () => ({}) },
  'POST /api/master/contentApi': { request: () => ({ body: { public: false } }) },
  'POST /api/master/reviews/{routing}': {
    request: () => ({ params: { routing: 'News' }, body: { revision: 1, decision: 'changes', comment: 'Edge.' } }),
  },
  // The preview of an unsaved form (its `id`, the saved form's, only names the form in the page).
  'POST /api/master/forms/preview': {
    request: () => ({
      body: {
        name: 'Edge preview',
        fields: [{ key: 'name', label: 'Your name', kind: 'text', required: true }],
        recipients: [],
        confirmation: { enabled: false, subject: '', body: '' },
        successMessage: 'Thank you.',
        retentionDays: 30,
      },
    }),
  },
  // The contact form: refused (409) however often it is asked, so every edge value reaches the same place.
  'POST /api/master/forms/{id}/delete': { request: () => ({ params: { id: 1 }, body: {} }) },
  // The contact form has its own call (404 here, however often it is asked): every edge value reaches the same place.
  'POST /api/forms/{id}': {
    who: 'visitor',
    request: () => ({ params: { id: 1 }, body: { values: { name: 'Edge' } } }),
  },
  'GET /api/master/submissions': { request: () => ({ query: { form: 1, status: 'spam' } }) },
  'GET /api/master/submissions/{id}': { request: () => ({ params: { id: 1 } }) },
  'GET /api/master/submissions/{id}/files/{fileId}': { request: () => ({ params: { id: 1, fileId: 1 } }) },
  'POST /api/master/submissions/{id}/status': { request: () => ({ params: { id: 1 }, body: { status: 'handled' } }) },
  'GET /api/master/submissions.csv': { request: () => ({ query: { form: 1 } }) },
  'GET /api/master/redirects': { request: () => ({}) },
  'POST /api/master/redirects': { request: (_f, n) => ({ body: { from: `/edge-${n}`, to: '/News1', status: 301 } }) },
  'DELETE /api/master/redirects/{id}': { request: () => ({ params: { id: 1 } }) },
  'GET /api/master/redirects.csv': { request: () => ({}) },
  // The CSV as a JSON string (the walk sends JSON): read as the text it is.
  'POST /api/master/redirects.csv': { request: (_f, n) => ({ body: `from,to,status\n/edge-csv-${n},/News1,301\n` }) },
  'GET /api/master/notfound': { request: () => ({}) },
  // ---- Languages and translations (docs/design.md §28)
  'GET /api/master/locales': { request: () => ({}) },
  'GET /api/master/sitepages': { request: () => ({}) },
  'POST /api/master/locales': { request: () => ({ body: EDGE_LANGUAGES }) },
  'GET /api/master/translate/{routing}': { request: () => ({ params: { routing: 'News' }, query: { locale: 'de' } }) },
  'POST /api/master/translate/{routing}': {
    request: async (_f, n, t) => ({
      params: { routing: 'News' },
      body: { locale: 'de', revision: await germanRevision(t), texts: { 'seo.title': `Neuigkeiten ${n}` } },
    }),
  },
  'GET /api/master/translate/{routing}/history': {
    request: () => ({ params: { routing: 'News' }, query: { locale: 'de' } }),
  },
  'POST /api/master/translate/{routing}/restore': {
    request: async (_f, _n, t) => ({
      params: { routing: 'News' },
      body: { locale: 'de', revision: await germanRevision(t) },
    }),
  },
  'POST /api/master/translate/{routing}/unschedule': {
    request: async (_f, _n, t) => ({
      params: { routing: 'News' },
      body: { locale: 'de', revision: await germanRevision(t) },
    }),
  },
  'GET /api/master/translate/{routing}/compare': {
    request: () => ({ params: { routing: 'News' }, query: { locale: 'de', from: 1, to: 2 } }),
  },
  'GET /api/master/translations': { request: () => ({}) },
  'GET /api/master/sitetexts': { request: () => ({ query: { locale: 'de' } }) },
  'POST /api/master/sitetexts': {
    request: async (_f, n, t) => {
      const { revision } = (
        await t.app.inject({ method: 'GET', url: '/api/master/sitetexts?locale=de', headers: adminHeaders })
      ).json() as { revision: number };
      return { body: { locale: 'de', revision, texts: { 'footer.tagline': `Software aus Pune ${n}` } } };
    },
  },
  'GET /api/master/xliff/{locale}': { request: () => ({ params: { locale: 'de' } }) },
  // The file as a JSON string (the walk sends JSON): refused with the call's sentence, as any other body.
  'POST /api/master/xliff/{locale}': {
    request: () => ({ params: { locale: 'de' }, body: '<xliff version="2.0" srcLang="en-IN" trgLang="de"></xliff>' }),
  },
  'POST /api/menu/menuofUserforjosn': { request: () => ({ body: {} }) },
  'POST /api/master/savecont2': {
    who: 'visitor',
    request: () => ({
      body: {
        organization: 'Edge Tools Pvt. Ltd.',
        name: 'Priya Patil',
        email: 'priya@example.in',
        mobile: '9876543210',
        requirements: 'A quote for edges.',
        menupageid: 11,
        commonrouting: 'Contact',
      },
    }),
  },
  'POST /api/master/getenquiries': {
    request: () => ({ body: { pageno: 1, searchText: 'edge', status: 'New', mailState: 'none' } }),
  },
  'POST /api/master/getenquiry': { request: (f) => ({ body: { id: f.enquiryId } }) },
  'POST /api/master/changeEnquiryStatus': { request: (f) => ({ body: { id: f.enquiryId, status: 'Handled' } }) },
  'POST /api/master/resendEnquiry': { request: (f) => ({ body: { id: f.enquiryId } }) },
  'POST /api/master/deleteEnquiry': { request: (f) => ({ body: { id: f.spareEnquiryIds.shift() ?? f.enquiryId } }) },
  'GET /api/master/enquiries.csv': {
    request: () => ({ query: { searchText: 'edge', status: 'New', mailState: 'none' } }),
  },
  'POST /api/master/getauditlog': {
    request: () => ({
      body: { pageno: 1, userName: 'admin', action: 'page', targetType: 'page', from: '2020-01-01', to: '2099-12-31' },
    }),
  },
  'GET /api/master/auditlog.csv': {
    request: () => ({
      query: { userName: 'admin', action: 'page', targetType: 'page', from: '2020-01-01', to: '2099-12-31' },
    }),
  },
  'POST /api/master/getdashboard': { request: () => ({ body: {} }) },
  'POST /api/master/search': { request: () => ({ body: { q: 'news' } }) },
  // Streams the whole database: one call with no fields to change.
  'GET /api/master/backup': { request: () => ({}) },
  'POST /api/auth/signin': {
    who: 'visitor',
    request: () => ({ body: { username: 'edge-signin', password: EDITOR_PASSWORD } }),
  },
  'POST /api/auth/signin/verify': { who: 'visitor', request: () => ({ body: { code: '123456' } }) },
  // Ends the session it is called with: each call has its own.
  'POST /api/auth/signout': { who: 'fresh-admin', request: () => ({ body: {} }) },
  'GET /api/auth/session': { request: () => ({}) },
  'POST /api/auth/forgot': { who: 'visitor', request: () => ({ body: { username: 'edge-victim' } }) },
  'POST /api/auth/reset': {
    who: 'visitor',
    request: () => ({ body: { token: 'a'.repeat(43), password: 'a-long-new-password-1' } }),
  },
  // Changes the password of the session's user: each call is a new administrator's.
  'POST /api/auth/password': {
    who: 'fresh-admin',
    request: () => ({ body: { current: ADMIN_PASSWORD, password: 'another-long-password-2' } }),
  },
  // Prepares a secret to confirm; only a code of it turns two-step sign-in on, and no edge value is one.
  'POST /api/auth/2fa/setup': { request: () => ({ body: {} }) },
  'POST /api/auth/2fa/enable': { request: () => ({ body: { code: '123456' } }) },
  'POST /api/auth/2fa/disable': { request: () => ({ body: { password: ADMIN_PASSWORD, code: '123456' } }) },
  // Single sign-on (docs/design.md §33): off in the walk, so the legs end on the login page; the settings stay off.
  'GET /api/master/signin-settings': { request: () => ({}) },
  'POST /api/master/signin-settings': {
    request: (f) => ({
      body: {
        enabled: false,
        label: 'Sign in with the firm',
        issuer: 'https://accounts.edge.example',
        clientId: 'folio',
        clientSecret: 'edge-secret',
        joinDomain: 'edge.example',
        joinGroupId: f.groupId,
        passwordSignIn: true,
      },
    }),
  },
  'GET /api/auth/sso': { who: 'visitor', request: () => ({}) },
  'GET /api/auth/sso/start': { who: 'visitor', request: () => ({ query: { next: '/dashboard' } }) },
  'GET /api/auth/sso/callback': {
    who: 'visitor',
    request: () => ({ query: { code: 'edge-code', state: 'edge-state', iss: 'https://accounts.edge.example' } }),
  },
  'POST /api/master/resetTwoFactor': { request: (f) => ({ body: { id: f.userId } }) },
  // Passkeys (docs/design.md §33): answers of the browser's shape that no challenge was made for (a 400 or a 401).
  'POST /api/account/passkeys/options': { request: () => ({ body: {} }) },
  'POST /api/account/passkeys': { request: () => ({ body: { name: 'Edge key', response: EDGE_REGISTRATION } }) },
  'GET /api/account/passkeys': { request: () => ({}) },
  'DELETE /api/account/passkeys/{id}': { request: () => ({ params: { id: 1 } }) },
  'POST /api/auth/passkey/options': { who: 'visitor', request: () => ({ body: {} }) },
  'POST /api/auth/passkey': { who: 'visitor', request: () => ({ body: { response: EDGE_ASSERTION } }) },
  'POST /api/auth/signin/passkey/options': { who: 'visitor', request: () => ({ body: {} }) },
  'POST /api/auth/signin/passkey': { who: 'visitor', request: () => ({ body: { response: EDGE_ASSERTION } }) },
  // On a database still waiting for its first-run setup, with its code; a setup that succeeds is undone.
  'POST /api/setup': {
    who: 'visitor',
    setupApp: true,
    request: async (_f, n, t) => ({
      body: {
        company,
        username: `boss-${n}`,
        password: 'long-enough-password',
        setupCode: (await pendingSetupCode(t.app.tenants.default)) ?? '',
      },
    }),
    afterAnswer: async (t, status) => {
      if (status !== 200) return;
      const db = t.app.tenants.default.db;
      await db.updateTable('users').set({ active: 0 }).where('group_id', '=', ADMINISTRATORS_GROUP_ID).execute();
      await storedOrNewSetupCode(db);
    },
  },
  'POST /api/master/getCompanyDetails': { request: () => ({ body: {} }) },
  'POST /api/master/getCompanyContact': { request: () => ({ body: {} }) },
  'POST /api/master/saveCompanyDetails': { request: () => ({ body: company }) },
  'POST /api/master/getParamconf': { request: (f) => ({ body: { id: f.autowiredId } }) },
  'POST /api/menu/getAllgroup': { request: () => ({ body: {} }) },
  'POST /api/menu/SaveUserGroup': {
    request: (f, n) => ({ body: { id: f.groupId, updategroupname: `Edge group ${n}`, requireTwoFactor: false } }),
  },
  'POST /api/menu/deletegroup': { request: (f) => ({ body: { id: f.spareGroupIds.shift() ?? f.groupId } }) },
  'POST /api/master/getempmasterfroEmp': { request: () => ({ body: { pageno: 1 } }) },
  'POST /api/master/getSearchForEmployeeMaster': {
    request: () => ({ body: { searchText: 'edge', type: 'All', pageno: 1 } }),
  },
  'POST /api/master/getEmployeedByid': { request: (f) => ({ body: { id: f.userId } }) },
  'POST /api/master/getusergroup': { request: () => ({ body: {} }) },
  // The other fields of the form are walked from the document's schema.
  'POST /api/master/saveemployeemaster': {
    request: (f, n) => ({
      body: {
        firstname: 'Asha',
        address: 'Pune',
        mobile: '9876543210',
        email: `asha${n}@example.com`,
        selfaccessforuser: `asha-${n}`,
        password: 'a-long-new-password-1',
        usergroupid: f.groupId,
      },
    }),
  },
  'POST /api/master/Employeechangedeletstatus': { request: (f) => ({ body: { id: f.userId, activeStatus: 'Y' } }) },
  'POST /api/menu/getallActiveuser': { request: () => ({ body: {} }) },
  'POST /api/menu/menubyuser': { request: (f) => ({ body: { userId: f.groupId, from: 'group' } }) },
  'POST /api/menu/getAllitempage': { request: () => ({ body: {} }) },
  // A new item's sequence may not fall below its siblings' (nor pass 10,000): growing with each call up to the most.
  'POST /api/menu/savemenubyuserforjson': {
    request: (f, n) => ({
      body: {
        jsonsavelist: {
          menuId: 0,
          modulename: `Edge ${n}`,
          pagename: '',
          sequence: Math.min(n, 10_000),
          isSubMenu: 'Y',
          landPage: 'N',
          userId: f.userId,
        },
      },
    }),
  },
  'POST /api/menu/deletemenubyuser': {
    request: (f) => ({ body: { menuId: f.spareMenuItemIds.shift() ?? f.menuItemId } }),
  },
  'POST /api/menu/getallmenudata': { request: (f) => ({ body: { userId: f.userId, from: 'User' } }) },
  'POST /api/menu/menubymenname': { request: () => ({ body: { menuname: 'news' } }) },
  'POST /api/menu/SaveItemname': { request: (f, n) => ({ body: { menuId: f.menuItemId, menuname: `Edge ${n}` } }) },
  'POST /api/menu/cleargroupall': { request: (f) => ({ body: { id: f.groupId } }) },
  'POST /api/menu/updatemenubyuser': { request: (f) => ({ body: { groupId: f.groupId } }) },
  'POST /api/menu/publicmenuplace': { request: () => ({ body: { pageId: 2 } }) },
  // About stays where the seed put it: second at the top level.
  'POST /api/menu/placeinpublicmenu': { request: () => ({ body: { pageId: 2, parentId: null, position: 2 } }) },
  'POST /api/master/getFormCreatedData': { request: () => ({ body: { pageno: 1 } }) },
  'POST /api/master/getpageedit': { request: (f) => ({ body: { id: f.autowiredId } }) },
  'POST /api/master/getactivityById': { request: (f) => ({ body: { id: f.autowiredId } }) },
  'POST /api/master/getallmodeules': { request: () => ({ body: {} }) },
  'POST /api/master/savePageCreation': {
    request: (_f, n) => ({
      body: { filename: `Edge-${n}`, dspname: `Edge ${n}`, module: 1, type: 'Autowired', homepage: 'N' },
    }),
  },
  'POST /api/master/activitydelstatus': { request: (f) => ({ body: { id: f.autowiredId, activeStatus: 'Y' } }) },
  'POST /api/master/getactivityforparamconf': { request: (f) => ({ body: { id: f.autowiredId } }) },
  'POST /api/master/getActivityParametersByid': { request: (f) => ({ body: { id: f.autowiredId } }) },
  'POST /api/master/saveParameters': { request: (f) => ({ body: { id: f.autowiredId, parameters: PARAMETERS } }) },
  'POST /api/menu/getmodulelst': { request: () => ({ body: {} }) },
  'POST /api/master/savecommonmastertype': {
    request: (_f, n) => ({ body: { code: `EDGE-${n}`, name: `Edge type ${n}`, dependsOn: null } }),
  },
  'POST /api/master/getCommasterType': { request: () => ({ body: { pageno: 1, searchText: 'city' } }) },
  'POST /api/master/getcommasterTypeByID': { request: (f) => ({ body: { id: f.masterTypeId } }) },
  'POST /api/master/changeStatusForCommonMasterType': {
    request: (f) => ({ body: { id: f.masterTypeId, activeStatus: 'Y' } }),
  },
  'POST /api/master/getCommasterTypefordropdown': { request: () => ({ body: {} }) },
  'POST /api/master/getCommasterTypefordependacy': { request: (f) => ({ body: { id: f.masterTypeId } }) },
  'POST /api/master/savecommonmaster': {
    request: (f, n) => ({
      body: { typeId: f.masterTypeId, code: `EDGE-${n}`, name: `Edge value ${n}`, sequence: 1, parentId: null },
    }),
  },
  'POST /api/master/getCommonMaster': {
    request: (f) => ({ body: { typeId: f.masterTypeId, pageno: 1, searchText: 'e' } }),
  },
  'POST /api/master/getSearchForcommonMaster': {
    request: (f) => ({ body: { typeId: f.masterTypeId, pageno: 1, searchText: 'e' } }),
  },
  'POST /api/master/getcommasterByID': { request: (f) => ({ body: { id: f.masterValueId } }) },
  'POST /api/master/gettypeformasterByID': { request: (f) => ({ body: { id: f.masterValueId } }) },
  'POST /api/master/changeStatusForCommonMaster': {
    request: (f) => ({ body: { id: f.masterValueId, activeStatus: 'Y' } }),
  },
  'POST /api/master/savecommonmasterdependancy': {
    request: (f) => ({ body: { valueId: f.stateValueId, parentId: f.countryValueId } }),
  },
  'POST /api/master/getCommonMasterfordependancy': {
    request: (f) => ({ body: { typeId: f.stateTypeId, parentId: f.countryValueId, include: [f.stateValueId] } }),
  },
  'POST /api/setup/logo': {
    who: 'visitor',
    setupApp: true,
    multipart: true,
    request: async (f, _n, t) => ({
      body: { setupCode: (await pendingSetupCode(t.app.tenants.default)) ?? '', file: f.png },
    }),
  },
  'POST /api/master/uploadImage': {
    multipart: true,
    request: (f) => ({ body: { page: 'about', field: 'photo', file: f.png } }),
  },
  'POST /api/master/deleteImage': { request: () => ({ body: { filename: 'no-such-image.png', page: 'about' } }) },
  'GET /api/master/media': { request: () => ({ query: { search: 'edge', unused: '1' } }) },
  'GET /api/master/media/{id}': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/media/{id}': {
    request: () => ({ params: { id: 1 }, body: { title: 'Edge title', alt: 'Edge alt', focalX: 0.5, focalY: 0.5 } }),
  },
  'DELETE /api/master/media/{id}': { request: () => ({ params: { id: 1 } }) },
  'POST /api/master/media/{id}/replace': {
    multipart: true,
    request: (f) => ({ params: { id: 1 }, body: { file: f.png } }),
  },
};

/** One parameter of each kind the parameter screen offers rules for (enough to reach every column). */
const PARAMETERS = [
  {
    parameterName: 'title',
    sequence: 1,
    mandatory: 'Y',
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Header',
    minlength: 2,
    maxlength: 80,
  },
  { parameterName: 'intro', sequence: 2, type: 'Richtext', unittype: 'Richtext', pagecreationtype: 'Header' },
  {
    parameterName: 'jobTitle',
    sequence: 3,
    mandatory: 'Y',
    type: 'Textarea',
    unittype: 'Character',
    pagecreationtype: 'Detail',
    maxlength: 80,
  },
  { parameterName: 'closingDate', sequence: 4, type: 'Date', unittype: 'Date', pagecreationtype: 'Detail' },
  {
    parameterName: 'salary',
    sequence: 5,
    type: 'number',
    unittype: 'Float',
    pagecreationtype: 'Detail',
    decimalplaces: 2,
    min: 0,
    max: 10000000,
  },
  {
    parameterName: 'fullTime',
    sequence: 6,
    type: 'Checkbox',
    unittype: 'Boolean',
    pagecreationtype: 'Detail',
    booleanyes: 'Yes',
    booleanno: 'No',
  },
];

interface Operation {
  key: string;
  method: string;
  path: string;
  params: string[];
  query: string[];
  /** The schemas of the path and query parameters, by name. */
  parameterSchemas: Record<string, SchemaNode | undefined>;
  /** The body's schema as the document gives it (JSON or multipart). */
  bodySchema?: SchemaNode;
}

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: SchemaNode }>;
        requestBody?: { content: Record<string, { schema: SchemaNode }> };
      }
    >
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const first = Object.values(content)[0];
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        parameterSchemas: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
        ...(first ? { bodySchema: first.schema } : {}),
      };
    }),
  );
}

type Place = readonly (string | number)[];

/**
 * The places of a body to change: every property of its schema (and of each `anyOf` branch), and the properties
 * of the value sent; inside objects and the first entry of lists, to `depth` levels.
 */
function placesOf(schema: SchemaNode | undefined, value: Json, at: Place = [], depth = 3): Place[] {
  if (depth === 0) return [];
  const branches = schema ? [schema, ...(schema.anyOf ?? [])] : [];
  const keys = new Set<string>(branches.flatMap((branch) => Object.keys(branch.properties ?? {})));
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
  if (isObject) for (const key of Object.keys(value)) keys.add(key);
  const places: Place[] = [];
  for (const key of keys) {
    const place = [...at, key];
    places.push(place);
    const child = branches.map((branch) => branch.properties?.[key]).find(Boolean);
    const inner = isObject ? (value as Record<string, Json>)[key] : undefined;
    if (Array.isArray(inner) && inner.length > 0) {
      places.push(...placesOf(child?.items, inner[0], [...place, 0], depth - 1));
    } else if (inner !== null && typeof inner === 'object' && !Buffer.isBuffer(inner)) {
      places.push(...placesOf(child, inner, place, depth - 1));
    }
  }
  return places;
}

/** A copy of `value` with the place set to `edge` (lists and objects on the way are copied). */
function withValue(value: Json, place: Place, edge: Json): Json {
  if (place.length === 0) return edge;
  const [head, ...rest] = place;
  const copy = (Array.isArray(value) ? [...(value as Json[])] : { ...((value ?? {}) as object) }) as Record<
    string | number,
    Json
  >;
  copy[head!] = withValue(copy[head!], rest, edge);
  return copy;
}

/** How a value travels in a URL: texts as they are, lists as repeated parameters, anything else as JSON. */
const urlText = (value: Json) =>
  typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);

function urlOf(operation: Operation, parts: RequestParts): string {
  let url = operation.path;
  for (const name of operation.params)
    url = url.replace(`{${name}}`, encodeURIComponent(urlText(parts.params?.[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) search.append(name, urlText(one));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** A multipart body of the parts: a Buffer is the file, a list is the same part repeated, anything else its text. */
function multipartOf(fields: Record<string, Json>) {
  const texts: Array<[string, string]> = [];
  let file: Buffer | undefined;
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (Buffer.isBuffer(value)) file = value;
    else if (Array.isArray(value)) for (const one of value) texts.push([name, urlText(one)]);
    else if (value !== undefined) texts.push([name, urlText(value)]);
  }
  // multipartBody takes one value a name: repeated names are written by hand after it.
  const boundary = '----folio-test-boundary';
  const single = multipartBody({}, file ? { name: 'edge.png', type: 'image/png', data: file } : undefined);
  const head = Buffer.concat(
    texts.map(([name, text]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    ),
  );
  return { payload: Buffer.concat([head, single.payload]), contentType: single.contentType };
}

const jsonOf = (body: string): Record<string, Json> => {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' ? (value as Record<string, Json>) : {};
  } catch {
    return {};
  }
};

/** A refusal's message: words for a person (the spec's catalogue texts included), never a framework's code or internals. */
const isSentence = (message: Json) =>
  typeof message === 'string' &&
  message.trim() !== '' &&
  !/FST_ERR|SQLITE|syntax error|\bat \S+:\d+/i.test(message) &&
  // Zod's words where a person's belong: 'must be an int.', 'is invalid:.' (a colon and nothing after it).
  !/\ban int\b|:\s*\.$/.test(message);

/** A field that holds a row id or a revision number, or a page cursor: walked with the values below. */
type KeyKind = 'id' | 'cursor';

/** A field's schema and its `anyOf` branches. */
const branchesOf = (schema: SchemaNode | undefined): SchemaNode[] =>
  schema ? [schema, ...(schema.anyOf ?? []).flatMap(branchesOf)] : [];

/** The cursor's form as PageCursorSchema gives it to the document (core/schemas/paging.ts). */
const CURSOR_FORM = z.toJSONSchema(PageCursorSchema) as SchemaNode & { maxLength?: number };

/**
 * What a field holds, by its name and schema: an id (an integer field named …id, …ids or revision, or bounded to the
 * integer column's range as databaseId bounds it), a cursor (`after`, or a text of the cursor's form), or neither.
 */
function keyKindOf(name: string, schema: SchemaNode | undefined): KeyKind | null {
  const branches = branchesOf(schema);
  const cursorForm = (branch: SchemaNode & { maxLength?: number }) =>
    branch.pattern === CURSOR_FORM.pattern && branch.maxLength === CURSOR_FORM.maxLength;
  if (branches.some((branch) => branch.type === 'string' && (/^(after|cursor)$/.test(name) || cursorForm(branch))))
    return 'cursor';
  const integers = branches.filter((branch) => branch.type === 'integer');
  if (integers.length === 0) return null;
  if (
    /(id|ids)$/i.test(name) ||
    name === 'revision' ||
    integers.some((branch) => branch.maximum === DATABASE_INTEGER_MAX)
  )
    return 'id';
  return null;
}

/** A field of a request where an id or a cursor goes: where it is, its name for a failure, and its schema. */
interface KeyField {
  kind: KeyKind;
  /** `path parameter id`, `body field jsonsavelist.menuId`, … */
  label: string;
  /** The field a refusal names: the parameter's name, or the body's dotted path. */
  field: string;
  /** The label with list positions left out: the same field whatever the value sent. */
  name: string;
  schema: SchemaNode | undefined;
  change(parts: RequestParts, edge: Json): RequestParts;
}

const withoutPositions = (place: Place) => place.filter((part) => typeof part === 'string').join('.');

/**
 * The body's id and cursor fields. With `value` (the case's body), the places that value has: every property of the
 * schema at the top and inside the objects the value has, and the first entry of its lists (a list of ids
 * included). Without it, every place the schema describes, to `depth` levels: what the walk must reach.
 */
function bodyKeyPlaces(
  schema: SchemaNode | undefined,
  value: Json,
  schemaOnly: boolean,
  at: Place = [],
  depth = 4,
): Array<{ place: Place; schema: SchemaNode | undefined }> {
  if (depth === 0 || !schema) return [];
  const places: Array<{ place: Place; schema: SchemaNode | undefined }> = [];
  const branches = branchesOf(schema);
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
  if (schemaOnly || isObject || at.length === 0) {
    const keys = new Set(branches.flatMap((branch) => Object.keys(branch.properties ?? {})));
    for (const key of keys) {
      const child = branches.find((branch) => branch.properties?.[key])?.properties?.[key];
      const inner = isObject ? (value as Record<string, Json>)[key] : undefined;
      places.push({ place: [...at, key], schema: child });
      if (schemaOnly || (inner !== null && typeof inner === 'object'))
        places.push(...bodyKeyPlaces(child, inner, schemaOnly, [...at, key], depth - 1));
    }
  }
  if (schemaOnly || (Array.isArray(value) && value.length > 0)) {
    for (const branch of branches.filter((one) => one.items)) {
      const first = Array.isArray(value) ? (value as Json[])[0] : undefined;
      places.push(
        { place: [...at, 0], schema: branch.items },
        ...bodyKeyPlaces(branch.items, first, schemaOnly, [...at, 0], depth - 1),
      );
    }
  }
  return places;
}

/** The operation's id and cursor fields: its path and query parameters, and the places of the body (sent as `body`). */
function keyFieldsOf(operation: Operation, body: Json, schemaOnly = false): KeyField[] {
  const fields: KeyField[] = [];
  for (const [where, names] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    for (const name of names) {
      const schema = operation.parameterSchemas[name];
      const kind = keyKindOf(name, schema);
      const part = where === 'path' ? 'params' : 'query';
      if (kind)
        fields.push({
          kind,
          label: `${where} parameter ${name}`,
          field: name,
          name: `${where} ${name}`,
          schema,
          change: (parts, edge) => ({ ...parts, [part]: { ...parts[part], [name]: edge } }),
        });
    }
  }
  for (const { place, schema } of bodyKeyPlaces(operation.bodySchema, body, schemaOnly)) {
    const name = [...place].reverse().find((part) => typeof part === 'string');
    const kind = name === undefined ? null : keyKindOf(name, schema);
    if (kind) {
      fields.push({
        kind,
        label: `body field ${place.join('.')}`,
        field: place.join('.'),
        name: `body ${withoutPositions(place)}`,
        schema,
        change: (parts, edge) => ({ ...parts, body: withValue(parts.body, place, edge) }),
      });
    }
  }
  return fields;
}

/** A cursor as the server writes one (base64url JSON), of any key: what a forged one looks like. */
const cursorOf = (key: Json) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** What an edge value must get: a 400 with a sentence, or only less than a 5xx (a value in range, of no row). */
type Expected = 400 | 'below 500';

/** The values an id is walked with; `zero`: 0 is in range (a field where 0 means "new" or "none"). */
const idValues = (zero: boolean): ReadonlyArray<readonly [string, Json, Expected]> => [
  ['2^31', 2 ** 31, 400],
  ['2^53', 2 ** 53, 400],
  ['-1', -1, 400],
  ['-2^31-1', -(2 ** 31) - 1, 400],
  ['1.5', 1.5, 400],
  ['0', 0, zero ? 'below 500' : 400],
  ['"2147483648" (text)', '2147483648', 400],
  ['"9007199254740992" (text)', '9007199254740992', 400],
  ['"1e3" (text)', '1e3', 'below 500'],
  ['2^31-1 (in range, of no row)', DATABASE_INTEGER_MAX, 'below 500'],
];

const AT = '2026-01-01T00:00:00.000Z';

/** The cursors a page cursor is walked with: forged ones of every shape (400), and keys in range of no row. */
const CURSOR_VALUES: ReadonlyArray<readonly [string, Json, Expected]> = [
  ['[2^31]', 'WzIxNDc0ODM2NDhd', 400],
  ['[2^53]', 'WzkwMDcxOTkyNTQ3NDA5OTJd', 400],
  ['[-1]', 'Wy0xXQ', 400],
  ['"not json"', 'bm90IGpzb24', 400],
  ['[0]', cursorOf([0]), 400],
  ['[1.5]', cursorOf([1.5]), 400],
  ['["1"] (a text where a number is due)', cursorOf(['1']), 400],
  ['an object', cursorOf({ after: 1 }), 400],
  ['a key of three parts', cursorOf([1, 2, 3]), 400],
  ['[] (an empty key)', cursorOf([]), 400],
  ['null', cursorOf(null), 400],
  ['[time, 2^53]', cursorOf([AT, 2 ** 53]), 400],
  ['[time, -1]', cursorOf([AT, -1]), 400],
  ['[text with NUL, 1]', cursorOf(['a\u0000', 1]), 400],
  ['[120 characters, 1]', cursorOf(['x'.repeat(120), 1]), 400],
  ['[10,000 characters, 1] (longer than a cursor)', cursorOf(['x'.repeat(10_000), 1]), 400],
  ['"" (empty)', '', 400],
  ['not base64url', 'a+b/c=', 400],
  ['[2^31-1] (in range, of no row)', cursorOf([DATABASE_INTEGER_MAX]), 'below 500'],
  ['[time, 2^31] (in range of a bigint, of no row)', cursorOf([AT, 2 ** 31]), 'below 500'],
];

/** The values of a field of that kind and schema. */
function keyValuesOf(field: KeyField): ReadonlyArray<readonly [string, Json, Expected]> {
  if (field.kind === 'cursor') return CURSOR_VALUES;
  return idValues(
    branchesOf(field.schema).some(
      (branch) => branch.type === 'integer' && branch.minimum !== undefined && branch.minimum <= 0,
    ),
  );
}

describe.each(testDialects())('edge values on every operation on %s (docs/design.md §24)', (dialect) => {
  let t: TestApp;
  let setupApp: TestApp;
  let document: OpenApiDocument;
  let operations: Operation[];
  const fixtures = {} as Fixtures;
  let counter = 0;
  let freshAdmins = 0;
  let spareSession: LoggedIn | null = null;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_PASSWORD });
    setupApp = await createTestApp(dialect);
    admin = await logIn(t.app, 'admin', ADMIN_PASSWORD);
    adminHeaders = admin.headers;
    const call = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = operationsOf(document);

    const db = t.app.tenants.default.db;
    await createUser(db, { username: 'edge-signin', password: EDITOR_PASSWORD, groupId: 3, firstName: 'Signin' });
    fixtures.userId = await createEditor(t.app, 'edge-victim');
    const groupNames = ['Edge group', 'Spare 1', 'Spare 2', 'Spare 3'];
    for (const groupname of groupNames) await call('/api/menu/SaveUserGroup', { groupname });
    const groups = (await call('/api/menu/getAllgroup', {})) as Array<{ id: number; groupname: string }>;
    fixtures.groupId = groups.find((g) => g.groupname === 'Edge group')!.id;
    fixtures.spareGroupIds = groups.filter((g) => g.groupname.startsWith('Spare')).map((g) => g.id);

    for (let i = 0; i < 4; i += 1) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/master/savecont2',
        remoteAddress: `10.9.9.${i}`,
        payload: (CASES['POST /api/master/savecont2']!.request(fixtures, 0, t) as RequestParts).body as object,
      });
      if (sent.statusCode !== 200) throw new Error(`savecont2: ${sent.statusCode} ${sent.body}`);
    }
    // Sent without the form's token, they are kept as spam: found there.
    const enquiries = (await call('/api/master/getenquiries', { pageno: 1, status: 'Spam' })).items as Array<{
      id: number;
    }>;
    fixtures.enquiryId = enquiries[0]!.id;
    fixtures.spareEnquiryIds = enquiries.slice(1).map((e) => e.id);

    const types = (await call('/api/master/getCommasterTypefordropdown', {})) as Array<{ id: number; code: string }>;
    fixtures.masterTypeId = types.find((type) => type.code === 'INDUSTRY-SEGMENT')!.id;
    fixtures.stateTypeId = types.find((type) => type.code === 'STATE')!.id;
    const countryTypeId = types.find((type) => type.code === 'COUNTRY')!.id;
    fixtures.masterValueId = (
      (await call('/api/master/getCommonMaster', { typeId: fixtures.masterTypeId, pageno: 1 })).items[0] as {
        id: number;
      }
    ).id;
    fixtures.countryValueId = (
      (await call('/api/master/getCommonMaster', { typeId: countryTypeId, pageno: 1 })).items[0] as { id: number }
    ).id;
    fixtures.stateValueId = (
      (await call('/api/master/getCommonMaster', { typeId: fixtures.stateTypeId, pageno: 1 })).items[0] as {
        id: number;
      }
    ).id;

    documents.clear();
    fixtures.autowiredRouting = AUTOWIRED_ROUTING;
    fixtures.autowiredId = (
      await call('/api/master/savePageCreation', {
        filename: 'EdgeCareers',
        dspname: 'Careers',
        module: 1,
        type: 'Autowired',
        homepage: 'N',
      })
    ).id;
    await call('/api/master/saveParameters', { id: fixtures.autowiredId, parameters: PARAMETERS });
    // A first revision of the Autowired page, and a second of News (compare has two to compare).
    const autowired = await call('/api/master/getpagecontent', { commonrouting: fixtures.autowiredRouting });
    await call('/api/master/savepagecontent', {
      commonrouting: fixtures.autowiredRouting,
      document: {
        ...autowired,
        header: { title: 'Open roles', intro: '<p>Join us.</p>' },
        rows: [{ jobTitle: 'Tester', closingDate: '2030-01-31', salary: '1200.50', fullTime: true }],
      },
    });
    await call('/api/master/savenews', await contentDocument(t, 'getnews', admin));
    // German beside the default language, and two German revisions of News (compare has two to compare).
    await call('/api/master/locales', EDGE_LANGUAGES);
    for (const heading of ['Neuigkeiten', 'Aktuelles']) {
      const { revision } = (
        await t.app.inject({ method: 'GET', url: '/api/master/translate/News?locale=de', headers: admin.headers })
      ).json() as { revision: number };
      await call('/api/master/translate/News', { locale: 'de', revision, texts: { 'seo.title': heading } });
    }

    for (let i = 0; i < 4; i += 1) {
      await call('/api/menu/savemenubyuserforjson', {
        jsonsavelist: { modulename: `Edge module ${i}`, sequence: i + 1, isSubMenu: 'Y', userId: fixtures.userId },
      });
    }
    const tree = (await call('/api/menu/menubyuser', { userId: fixtures.userId, from: 'User' })) as Array<{
      id: number;
    }>;
    fixtures.menuItemId = tree[0]!.id;
    fixtures.spareMenuItemIds = tree.slice(1).map((node) => node.id);
    fixtures.png = await testImage(4, 4, 'png');
  }, 120_000);
  afterAll(async () => {
    await setupApp?.close();
    await t?.close();
  });

  /** A new administrator's session, for calls that end or change the session they are made with. */
  async function freshAdmin(): Promise<LoggedIn> {
    freshAdmins += 1;
    const username = `edge-admin-${freshAdmins}`;
    await createUser(t.app.tenants.default.db, {
      username,
      password: ADMIN_PASSWORD,
      groupId: ADMINISTRATORS_GROUP_ID,
      firstName: 'Edge',
    });
    return logIn(t.app, username, ADMIN_PASSWORD, `10.8.${freshAdmins >> 8}.${freshAdmins & 255}`);
  }

  /** Sends one request; each from its own address, so the per-address limits of the public forms never answer first. */
  async function send(operation: Operation, testCase: OperationCase, parts: RequestParts, who: Who) {
    counter += 1;
    const app = testCase.setupApp ? setupApp.app : t.app;
    const session = who === 'admin' ? admin : who === 'fresh-admin' ? (spareSession ??= await freshAdmin()) : null;
    const headers: Record<string, string> = { ...(session?.headers ?? {}) };
    let payload: string | Buffer | undefined;
    if (
      testCase.multipart &&
      parts.body !== undefined &&
      parts.body !== null &&
      typeof parts.body === 'object' &&
      !Array.isArray(parts.body)
    ) {
      const body = multipartOf(parts.body as Record<string, Json>);
      payload = body.payload;
      headers['content-type'] = body.contentType;
    } else if (parts.body !== undefined) {
      payload = JSON.stringify(parts.body);
      headers['content-type'] = 'application/json';
    }
    const response = await app.inject({
      method: operation.method as 'GET' | 'POST',
      url: urlOf(operation, parts),
      headers,
      remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
      ...(payload === undefined ? {} : { payload }),
    });
    // A call that succeeded may have ended or changed the session: the next one has a new one.
    if (who === 'fresh-admin' && response.statusCode < 400) spareSession = null;
    return response;
  }

  it('has a case for every operation of the document, and none for an operation it lacks', () => {
    const documented = operations.map((operation) => operation.key).sort();
    expect(documented.length).toBeGreaterThan(100);
    expect(
      documented.filter((key) => !CASES[key]),
      'operations of the document without a case here',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !documented.includes(key)),
      'cases of operations the document lacks',
    ).toEqual([]);
  });

  it(
    'answers every edge value of every field with less than a 5xx, and every refusal with a sentence',
    { timeout: 600_000 },
    async () => {
      const problems: string[] = [];
      for (const operation of operations) {
        const testCase = CASES[operation.key];
        if (!testCase) continue;
        const who = testCase.who ?? 'admin';
        const check = async (what: string, parts: RequestParts, as: Who = who) => {
          const response = await send(operation, testCase, parts, as);
          const where = `${operation.key} ${what}${as === who ? '' : ` as ${as}`}`;
          const answer = jsonOf(response.body);
          if (response.statusCode >= 500)
            problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          else if (
            response.statusCode >= 400 &&
            !String(response.headers['content-type']).startsWith('text/html') &&
            !isSentence(answer.message)
          ) {
            problems.push(`${where}: ${response.statusCode} without a sentence: ${response.body.slice(0, 200)}`);
          }
          await testCase.afterAnswer?.(testCase.setupApp ? setupApp : t, response.statusCode, answer);
          return response;
        };

        // As sent: the case must pass access (else the walk would only ever see 401 and 403).
        const base = await testCase.request(fixtures, counter, testCase.setupApp ? setupApp : t);
        const first = await check('as the case sends it', base);
        if (who !== 'visitor' && (first.statusCode === 401 || first.statusCode === 403))
          problems.push(
            `${operation.key}: the case's own request answers ${first.statusCode} ${first.body.slice(0, 200)}`,
          );
        if (who !== 'visitor') await check('as the case sends it', base, 'visitor');

        const fields: Array<[string, (parts: RequestParts, edge: Json) => RequestParts]> = [];
        for (const name of operation.params)
          fields.push([
            `path parameter ${name}`,
            (parts, edge) => ({ ...parts, params: { ...parts.params, [name]: edge } }),
          ]);
        for (const name of operation.query)
          fields.push([
            `query parameter ${name}`,
            (parts, edge) => ({ ...parts, query: { ...parts.query, [name]: edge } }),
          ]);
        if (operation.bodySchema) {
          for (const place of placesOf(operation.bodySchema, base.body)) {
            fields.push([
              `body field ${place.join('.')}`,
              (parts, edge) => ({ ...parts, body: withValue(parts.body, place, edge) }),
            ]);
          }
          for (const [name, body] of WHOLE_BODIES) await check(`with ${name} as its body`, { ...base, body });
        }
        for (const [field, change] of fields) {
          for (const [name, edge] of EDGE_VALUES) {
            // A new request for each value: the current revision, names not taken yet.
            const parts = await testCase.request(fixtures, counter, testCase.setupApp ? setupApp : t);
            await check(`${field} = ${name}`, change(parts, edge));
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('finds every id and page cursor of the document, each bounded to the integer column and walked from its case', async () => {
    const problems: string[] = [];
    const keyed = operations.filter((operation) => keyFieldsOf(operation, undefined, true).length > 0);
    // The lists with cursors and the calls with ids in each place are found (a document read wrongly finds none).
    const names = keyed.flatMap((operation) =>
      keyFieldsOf(operation, undefined, true).map((field) => `${operation.key} ${field.name}`),
    );
    for (const known of [
      'POST /api/master/getenquiries body after',
      'POST /api/master/getauditlog body after',
      'POST /api/master/getempmasterfroEmp body after',
      'POST /api/master/getSearchForEmployeeMaster body after',
      'GET /api/master/media query after',
      'GET /api/master/media/{id} path id',
      'GET /api/master/compare/{routing} query from',
      'POST /api/master/getenquiry body id',
      'POST /api/menu/savemenubyuserforjson body jsonsavelist.menuId',
      'POST /api/master/getCommonMasterfordependancy body include',
    ]) {
      if (!names.includes(known)) problems.push(`${known}: not found as an id or cursor field`);
    }
    for (const operation of keyed) {
      const testCase = CASES[operation.key];
      if (!testCase) {
        problems.push(`${operation.key}: has id or cursor fields and no case to walk them from`);
        continue;
      }
      const base = await testCase.request(fixtures, counter, testCase.setupApp ? setupApp : t);
      const walked = new Set(keyFieldsOf(operation, base.body).map((field) => field.name));
      for (const field of keyFieldsOf(operation, undefined, true)) {
        if (!walked.has(field.name))
          problems.push(`${operation.key} ${field.label}: not reached from the case's request`);
        const integers = branchesOf(field.schema).filter((branch) => branch.type === 'integer');
        if (
          field.kind === 'id' &&
          integers.some(
            (branch) =>
              branch.maximum === undefined ||
              branch.maximum > DATABASE_INTEGER_MAX ||
              branch.minimum === undefined ||
              branch.minimum < 0,
          )
        ) {
          problems.push(
            `${operation.key} ${field.label}: an id not bounded to 0..${DATABASE_INTEGER_MAX} (databaseId, core/schemas/ids.ts): ${JSON.stringify(field.schema)}`,
          );
        }
      }
    }
    expect(keyed.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it(
    'refuses every id beyond the integer column and every forged page cursor with a 400 and a sentence, and answers an unknown one below 500',
    { timeout: 300_000 },
    async () => {
      const problems: string[] = [];
      let walkedFields = 0;
      for (const operation of operations) {
        const testCase = CASES[operation.key];
        if (!testCase) continue;
        const who = testCase.who ?? 'admin';
        const app = testCase.setupApp ? setupApp : t;
        const base = await testCase.request(fixtures, counter, app);
        for (const field of keyFieldsOf(operation, base.body)) {
          walkedFields += 1;
          for (const [name, edge, expected] of keyValuesOf(field)) {
            // A new request for each value: the current revision, names not taken yet.
            const parts = field.change(await testCase.request(fixtures, counter, app), edge);
            const response = await send(operation, testCase, parts, who);
            const answer = jsonOf(response.body);
            await testCase.afterAnswer?.(app, response.statusCode, answer);
            const where = `${operation.key} ${field.label} = ${name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
            if (response.statusCode >= 500) problems.push(where);
            else if (expected === 400 && response.statusCode !== 400) problems.push(`${where} (a 400 is due)`);
            else if (
              response.statusCode >= 400 &&
              (!String(response.headers['content-type']).startsWith('application/json') || !isSentence(answer.message))
            ) {
              problems.push(`${where} (without a sentence)`);
            } else if (
              expected === 400 &&
              typeof answer.field === 'string' &&
              answer.field !== field.field &&
              !field.field.startsWith(`${answer.field}.`)
            ) {
              // A refusal that names a field names this one, or the object or list that holds it (a union of both).
              problems.push(`${where} (about another field than ${field.field})`);
            }
          }
        }
      }
      expect(walkedFields).toBeGreaterThan(60);
      expect(problems).toEqual([]);
    },
  );
});
