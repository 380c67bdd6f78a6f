/**
 * Audit coverage (docs/design.md §21: "every change made through the back office … writes an entry").
 *
 * What it proves: every operation of the OpenAPI document is called once, successfully, on a real app; a
 * call that changes the tenant's stored data leaves at least one audit_log entry, and a call that is meant to
 * change nothing changes nothing and writes no entry. "Changes" is measured, not assumed: a fingerprint
 * (a SHA-256 per table over all its rows) is taken before and after each call, so a failure names the tables.
 *
 * How to add a route: add an entry to CALLS under its method and Fastify url (exactly as the problem message
 * spells it): `request` builds the inject options (`c.post`, `c.get`: the admin's session by default, `null`
 * for a visitor), `changes` says whether a successful call is meant to change stored data, and `prepare`
 * (optional) makes the fixtures the call needs (a group to delete, an enquiry to mark…): what `prepare` does
 * is set-up, done before the first fingerprint. A destructive call gets a fixture of its own, so the calls
 * after it still find theirs. A route without an entry fails the test ("add a fixture for …").
 *
 * Exceptions (`audited: false`) are explicit, commented and carry a reason; they must still change something.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../core/pages';
import type { Db } from '../db/database';
import { codeAt } from '../auth/totp';
import { pendingSetupCode } from '../setup/setup.service';
import { ADMIN_PASSWORD, createEditor, EDITOR_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { multipartBody, testImage, uploadImage } from '../test-support/uploads';
import { issueSubmissionToken } from '../forms/form-spam';
import { createUser } from '../users/users.service';
import { SoftwareAuthenticator } from '../test-support/software-authenticator';

/**
 * Tables left out of the fingerprint:
 * - audit_log: the record itself (read separately: the entries a call added).
 * - rate_limits: request counting (the contact form, setup, the throttles): it changes on reads and refusals alike.
 * - jobs: the job runner's own bookkeeping, updated by its loop on its own clock, not by a request.
 * - kysely_migration, kysely_migration_lock: the migrator's bookkeeping; no request touches them.
 * - not_found: the 404s visitors met, counted in memory and written by each instance's timer (docs/design.md §27), not
 *   by a call.
 * `sessions` stays in: it changes only on sign-in, sign-out and what ends a user's sessions (all audited), and
 * keeping it lets the test see that signing in and out is recorded. `settings` stays in too: it changes only at
 * start-up (form key, setup code) and in the first-run setup (audited).
 */
const NOT_FINGERPRINTED = new Set([
  'audit_log',
  'rate_limits',
  'jobs',
  'kysely_migration',
  'kysely_migration_lock',
  'not_found',
]);

/** A call as inject takes it; `on`: another app to call (and fingerprint) than the test app, /api/setup's fresh one. */
type Request = InjectOptions & { on?: FastifyInstance };
type Prepared = Record<string, any>;

interface Call {
  /** Whether a successful call is meant to change stored data (checked: true must change something). */
  changes: boolean;
  /** Set to false only for a change that docs/design.md says is not an audited back-office change; give the reason. */
  audited?: false;
  /** A read that docs/design.md says is recorded all the same (a backup download, §22): the one action it writes. */
  recorded?: string;
  reason?: string;
  /** The expected status when it is not 2xx (document why). */
  expect?: number;
  prepare?: (c: Ctx) => Promise<Prepared>;
  request: (c: Ctx, prepared: Prepared) => Request | Promise<Request>;
}

interface Staff {
  id: number;
  username: string;
  session: LoggedIn;
  /** With two-step sign-in on: its secret and unused recovery codes. */
  secret?: string;
  recoveryCodes?: string[];
}

/** What the calls work with: the app, the admin's session, the fixtures made once, and makers of fresh ones. */
interface Ctx {
  app: FastifyInstance;
  db: Db;
  dialect: string;
  admin: LoggedIn;
  /** Made once in beforeAll, never destroyed: an editor, a group, a master type and value, an Autowired page, an enquiry. */
  fixture: { editorId: number; groupId: number; typeId: number; valueId: number; pageId: number; enquiryId: number };
  /** A name not used before in this app (letters and digits). */
  unique(prefix: string): string;
  /** A POST as the admin (or `who`; null: a visitor without a session). */
  post(url: string, payload?: object, who?: LoggedIn | null): Request;
  get(url: string, who?: LoggedIn | null): Request;
  /** Injects and insists on a 2xx answer (for set-up): the parsed body. */
  ok(request: Request): Promise<any>;
  newGroup(): Promise<number>;
  newUser(groupId?: number): Promise<number>;
  newPage(): Promise<number>;
  newMasterType(): Promise<number>;
  newMasterValue(typeId: number, parentId?: number): Promise<number>;
  newEnquiry(): Promise<number>;
  newImage(): Promise<string>;
  newGroupMenuItem(groupId: number, pageId?: number): Promise<number>;
  /** A member of staff (Editors, password EDITOR_PASSWORD, an email address) signed in; `twoFactor`: with two-step sign-in on. */
  newStaff(options?: { twoFactor?: boolean }): Promise<Staff>;
  /** A second app on an empty database with setup pending (closed after the tests). */
  pendingSetupApp(): Promise<FastifyInstance>;
}

const read = (url: string, payload: object | ((c: Ctx) => object) = {}, who: 'admin' | 'visitor' = 'admin'): Call => ({
  changes: false,
  request: (c) => c.post(url, typeof payload === 'function' ? payload(c) : payload, who === 'admin' ? c.admin : null),
});
const readGet = (url: string, who: 'admin' | 'visitor' = 'admin'): Call => ({
  changes: false,
  request: (c) => c.get(url, who === 'admin' ? c.admin : null),
});

/** Set-up: a new draft of AuditPage (titled `prefix` and a unique number); its revision. */
async function auditPageDraft(c: Ctx, prefix: string): Promise<number> {
  const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
  const document = { header: { title: c.unique(prefix) }, rows: [], revision };
  return (await c.ok(c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document, publish: 'draft' })))
    .revision;
}

/**
 * Set-up: a webhook endpoint (an https address of the public internet: nothing is sent, the runner does not run here)
 * and, with `delivered`, a delivery in its log.
 */
async function newWebhook(c: Ctx, delivered = false): Promise<Prepared> {
  const { id } = await c.ok(
    c.post('/api/master/webhooks', { url: `https://93.184.216.34/${c.unique('hook')}`, events: ['release.published'] }),
  );
  if (!delivered) return { id };
  const delivery = await c.db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: id,
      event: 'release.published',
      message_id: c.unique('msg_'),
      body: '{}',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, delivery: delivery.id };
}

/** Set-up: a member of staff with a passkey, added through the API with an authenticator made in software. */
async function staffWithPasskey(c: Ctx) {
  const staff = await c.newStaff();
  const authenticator = new SoftwareAuthenticator();
  const options = await c.ok(c.post('/api/account/passkeys/options', {}, staff.session));
  const passkey = await c.ok(
    c.post('/api/account/passkeys', { name: 'Audit key', response: authenticator.register(options) }, staff.session),
  );
  return { staff, authenticator, passkey };
}

/** Set-up: the password step of a user with a passkey, whose second step it then is: its challenge cookie. */
async function passkeySecondStep(c: Ctx) {
  const { staff, authenticator } = await staffWithPasskey(c);
  const first = await c.app.inject(
    c.post('/api/auth/signin', { username: staff.username, password: EDITOR_PASSWORD }, null),
  );
  const challenge = first.cookies.find((cookie) => cookie.name === 'folio_challenge')?.value;
  return { cookie: `folio_challenge=${challenge}`, authenticator };
}

/** Set-up: an open release of AuditPage's new draft. */
async function newRelease(c: Ctx): Promise<Prepared> {
  const revision = await auditPageDraft(c, 'Released ');
  const made = await c.ok(
    c.post('/api/master/releases', { name: c.unique('Release '), items: [{ routing: 'AuditPage', revision }] }),
  );
  return { id: made.id };
}

/** The site's languages with German (named `name`) beside the default. */
const withGerman = (name = 'Deutsch') => ({
  defaultLocale: 'en-IN',
  locales: [
    { code: 'en-IN', name: 'English', enabled: true },
    { code: 'de', name, enabled: true },
  ],
});

/** Set-up: German is one of the site's languages. */
async function german(c: Ctx): Promise<Prepared> {
  const { locales } = await c.ok(c.get('/api/master/locales'));
  if (!locales.some((l: { code: string }) => l.code === 'de')) await c.ok(c.post('/api/master/locales', withGerman()));
  return {};
}

/** Set-up: Home has at least `count` German revisions; its newest first. */
async function germanRevisions(c: Ctx, count: number): Promise<Array<{ revision: number }>> {
  await german(c);
  for (;;) {
    const { revisions } = await c.ok(c.get('/api/master/translate/Home/history?locale=de'));
    if (revisions.length >= count) return revisions;
    const { revision } = await c.ok(c.get('/api/master/translate/Home?locale=de'));
    await c.ok(
      c.post('/api/master/translate/Home', {
        locale: 'de',
        revision,
        texts: { 'slideList.0.heading': c.unique('Überschrift ') },
      }),
    );
  }
}

/** The twelve content pages (spec 000 §7): get (public), save, history and restore. */
const CONTENT_CALLS: Record<string, Call> = Object.fromEntries(
  CONTENT_PAGES.flatMap((page) => [
    [`POST /api/master/${page.getCall}`, read(`/api/master/${page.getCall}`, {}, 'visitor')],
    [
      `POST /api/master/${page.saveCall}`,
      {
        changes: true,
        // The current document sent back as it is: a save stores it as a new revision.
        prepare: async (c) => ({ document: await c.ok(c.post(`/api/master/${page.getCall}`, {}, null)) }),
        request: (c, p) => c.post(`/api/master/${page.saveCall}`, p.document),
      },
    ],
    [`GET /api/master/history/${page.routing}`, readGet(`/api/master/history/${page.routing}`)],
    [
      `POST /api/master/restore/${page.routing}`,
      {
        changes: true,
        prepare: async (c) => ({
          revision: (await c.ok(c.get(`/api/master/history/${page.routing}`))).revisions.at(-1).revision,
        }),
        request: (c, p) => c.post(`/api/master/restore/${page.routing}`, { revision: p.revision }),
      },
    ],
  ]),
);

const contactEnquiry = {
  organization: 'Deccan Tools',
  name: 'Priya Patil',
  email: 'priya@example.in',
  mobile: '9876543210',
  requirements: 'A CRM, please.',
  menupageid: 11,
  commonrouting: 'Contact',
};
const person = (c: Ctx) => ({
  employeecode: c.unique('E'),
  salutation: 'Ms.',
  gender: 'Female',
  firstname: 'Asha',
  lastname: 'Kulkarni',
  mobile: '9876543210',
  email: 'asha@example.com',
  selfaccessforuser: c.unique('asha').toLowerCase(),
  password: 'a-long-secret-password-1',
  usergroupid: 3,
  selfactive: true,
});
const company = {
  companyCode: 'ACME01',
  companyName: 'Acme Systems',
  address: '12 FC Road, Pune',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411004',
  country: 'India',
  websiteUrl: 'https://acme.example.in',
  contact: '9822012345',
  email: 'office@acme.example.in',
};

/** A visitor's submission of a form of its own, with a PDF (docs/design.md §30): its id and its file's. */
async function newSubmission(c: Ctx): Promise<{ id: number; fileId: number }> {
  const form = await c.ok(
    c.post('/api/master/forms', {
      ...auditForm(c.unique('Filed ')),
      fields: [{ key: 'cv', label: 'CV', kind: 'file', required: true, accept: ['pdf'], maxMb: 1 }],
    }),
  );
  const { payload, contentType } = multipartBody(
    { _token: await issueSubmissionToken(c.app.tenants.default, form.id) },
    { name: 'cv.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    'cv',
  );
  const sent = await c.app.inject({
    method: 'POST',
    url: `/api/forms/${form.id}`,
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: `10.80.0.${(submissionsSent += 1)}`,
  });
  if (sent.statusCode !== 200) throw new Error(`a submission answered ${sent.statusCode}: ${sent.body}`);
  const { id } = sent.json();
  const files = await c.db.selectFrom('form_files').select('id').where('submission_id', '=', id).execute();
  return { id, fileId: files[0]!.id };
}
let submissionsSent = 0;

/** A form of one field, as the form editor sends it (docs/design.md §30). */
const auditForm = (name: string) => ({
  name,
  fields: [{ key: 'name', label: 'Your name', kind: 'text', required: true }],
  recipients: [],
  confirmation: { enabled: false, subject: '', body: '' },
  successMessage: 'Thank you.',
  retentionDays: 30,
});

/** Every API operation, by method and Fastify url. */
const CALLS: Record<string, Call> = {
  // ---- Service and document
  'GET /api/openapi.json': readGet('/api/openapi.json', 'visitor'),
  'GET /api/ready': readGet('/api/ready', 'visitor'),
  'GET /api/health': readGet('/api/health', 'visitor'),

  // ---- Content pages and Autowired pages
  ...CONTENT_CALLS,
  'GET /api/pages/:routing': readGet('/api/pages/Home1', 'visitor'),
  'POST /api/master/getpagecontent': read('/api/master/getpagecontent', { commonrouting: 'AuditPage' }, 'visitor'),
  'POST /api/master/savepagecontent': {
    changes: true,
    prepare: async (c) => ({ revision: (await c.ok(c.get('/api/master/edit/AuditPage'))).revision }),
    request: (c, p) =>
      c.post('/api/master/savepagecontent', {
        commonrouting: 'AuditPage',
        document: { header: { title: c.unique('Title ') }, rows: [], revision: p.revision },
      }),
  },
  // ---- Drafts, scheduling and compare (docs/design.md §19)
  'GET /api/master/edit/:routing': readGet('/api/master/edit/Home'),
  // The editor's preview renders the working copy and stores nothing (docs/design.md §26).
  'POST /api/master/preview/:routing': {
    changes: false,
    prepare: async (c) => ({ document: await c.ok(c.post('/api/master/gethomepages', {})) }),
    request: (c, p) => c.post('/api/master/preview/Home', p.document),
  },
  'GET /api/master/compare/:routing': {
    changes: false,
    prepare: async (c) => ({
      revisions: (await c.ok(c.get('/api/master/history/Home'))).revisions.map((r: { revision: number }) => r.revision),
    }),
    request: (c, p) => c.get(`/api/master/compare/Home?from=${p.revisions.at(-1)}&to=${p.revisions[0]}`),
  },
  'POST /api/master/unschedule/:routing': {
    changes: true,
    // A revision of its own, scheduled a day ahead, to cancel.
    prepare: async (c) => {
      const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
      const document = { header: { title: c.unique('Scheduled ') }, rows: [], revision };
      const publish = new Date(Date.now() + 86_400_000).toISOString();
      return {
        revision: (await c.ok(c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document, publish })))
          .revision,
      };
    },
    request: (c, p) => c.post('/api/master/unschedule/AuditPage', { revision: p.revision }),
  },
  // ---- Shared preview links and who is editing (docs/design.md §26)
  'POST /api/master/previewshare/:routing': {
    changes: true,
    request: (c) => c.post('/api/master/previewshare/AuditPage', { hours: 24 }),
  },
  'GET /api/master/previewshares/:routing': readGet('/api/master/previewshares/AuditPage'),
  'POST /api/master/previewshare/revoke': {
    changes: true,
    prepare: async (c) => ({ id: (await c.ok(c.post('/api/master/previewshare/AuditPage', { hours: 1 }))).id }),
    request: (c, p) => c.post('/api/master/previewshare/revoke', { id: p.id }),
  },
  'POST /api/master/editing/:routing': {
    changes: true,
    // Exception: who has an editor open is presence, not content (docs/design.md §26): it changes nothing anyone sees.
    audited: false,
    reason: 'who has an editor open is presence, renewed every 20 s, not a change of content',
    request: (c) => c.post('/api/master/editing/AuditPage', {}),
  },
  'POST /api/master/editing/:routing/leave': {
    changes: true,
    audited: false,
    reason: 'closing an editor ends the presence the editing call noted; no content changes',
    prepare: async (c) => {
      await c.ok(c.post('/api/master/editing/AuditPage', {}));
      return {};
    },
    request: (c) => c.post('/api/master/editing/AuditPage/leave', {}),
  },
  // ---- Languages and translations (docs/design.md §28): German is added by the calls' set-up where they need it
  'GET /api/master/locales': readGet('/api/master/locales'),
  'GET /api/master/sitepages': readGet('/api/master/sitepages'),
  'POST /api/master/locales': {
    changes: true,
    request: (c) => c.post('/api/master/locales', withGerman(c.unique('Deutsch'))),
  },
  'GET /api/master/translate/:routing': {
    changes: false,
    prepare: german,
    request: (c) => c.get('/api/master/translate/Home?locale=de'),
  },
  'POST /api/master/translate/:routing': {
    changes: true,
    prepare: async (c) => ({
      ...(await german(c)),
      revision: (await c.ok(c.get('/api/master/translate/Home?locale=de'))).revision,
    }),
    request: (c, p) =>
      c.post('/api/master/translate/Home', {
        locale: 'de',
        revision: p.revision,
        texts: { 'slideList.0.heading': c.unique('Überschrift ') },
      }),
  },
  'GET /api/master/translate/:routing/history': {
    changes: false,
    prepare: german,
    request: (c) => c.get('/api/master/translate/Home/history?locale=de'),
  },
  'GET /api/master/translate/:routing/compare': {
    changes: false,
    prepare: async (c) => ({ revisions: (await germanRevisions(c, 2)).map((r) => r.revision) }),
    request: (c, p) =>
      c.get(`/api/master/translate/Home/compare?locale=de&from=${p.revisions[1]}&to=${p.revisions[0]}`),
  },
  'POST /api/master/translate/:routing/restore': {
    changes: true,
    prepare: async (c) => ({ revision: (await germanRevisions(c, 2))[1]!.revision }),
    request: (c, p) => c.post('/api/master/translate/Home/restore', { locale: 'de', revision: p.revision }),
  },
  'POST /api/master/translate/:routing/unschedule': {
    changes: true,
    prepare: async (c) => {
      await german(c);
      const { revision } = await c.ok(c.get('/api/master/translate/Home?locale=de'));
      const publish = new Date(Date.now() + 86_400_000).toISOString();
      const saved = await c.ok(
        c.post('/api/master/translate/Home', {
          locale: 'de',
          revision,
          texts: { 'slideList.0.heading': c.unique('Geplant ') },
          publish,
        }),
      );
      return { revision: saved.revision };
    },
    request: (c, p) => c.post('/api/master/translate/Home/unschedule', { locale: 'de', revision: p.revision }),
  },
  'GET /api/master/translations': {
    changes: false,
    prepare: german,
    request: (c) => c.get('/api/master/translations'),
  },
  'GET /api/master/sitetexts': {
    changes: false,
    prepare: german,
    request: (c) => c.get('/api/master/sitetexts?locale=de'),
  },
  'POST /api/master/sitetexts': {
    changes: true,
    prepare: async (c) => ({
      ...(await german(c)),
      revision: (await c.ok(c.get('/api/master/sitetexts?locale=de'))).revision,
    }),
    request: (c, p) =>
      c.post('/api/master/sitetexts', {
        locale: 'de',
        revision: p.revision,
        texts: { 'footer.tagline': c.unique('Software aus Pune ') },
      }),
  },
  'GET /api/master/xliff/:locale': { changes: false, prepare: german, request: (c) => c.get('/api/master/xliff/de') },
  'POST /api/master/xliff/:locale': {
    changes: true,
    prepare: async (c) => {
      await german(c);
      const exported = await c.app.inject(c.get('/api/master/xliff/de'));
      // A translator's first text for the caption of the second slide (whatever earlier calls translated).
      const xml = exported.body.replace(
        /(<unit id="slideList\.1\.caption"[\s\S]*?<\/source>)(\s*<target>[^<]*<\/target>)?/,
        `$1<target>${c.unique('Bildunterschrift ')}</target>`,
      );
      return { xml };
    },
    request: (c, p) => ({
      method: 'POST',
      url: '/api/master/xliff/de',
      headers: { ...c.admin.headers, 'content-type': 'application/xliff+xml' },
      payload: p.xml,
    }),
  },
  // ---- Redirects and the 404 log (docs/design.md §27)
  'GET /api/master/redirects': readGet('/api/master/redirects'),
  'POST /api/master/redirects': {
    changes: true,
    request: (c) => c.post('/api/master/redirects', { from: `/${c.unique('old')}`, to: '/News1', status: 301 }),
  },
  'DELETE /api/master/redirects/:id': {
    changes: true,
    prepare: async (c) => ({
      id: (await c.ok(c.post('/api/master/redirects', { from: `/${c.unique('gone')}`, to: '/About1', status: 302 })))
        .id,
    }),
    request: (c, p) => ({ method: 'DELETE', url: `/api/master/redirects/${p.id}`, headers: c.admin.headers }),
  },
  'GET /api/master/redirects.csv': readGet('/api/master/redirects.csv'),
  'POST /api/master/redirects.csv': {
    changes: true,
    request: (c) => ({
      method: 'POST',
      url: '/api/master/redirects.csv',
      headers: { ...c.admin.headers, 'content-type': 'text/csv' },
      payload: `from,to,status\n/${c.unique('csv')},/News1,301\n`,
    }),
  },
  'GET /api/master/notfound': readGet('/api/master/notfound'),
  // ---- Forms made without code (docs/design.md §30)
  'GET /api/master/forms': readGet('/api/master/forms'),
  'GET /api/master/forms/:id': readGet('/api/master/forms/1'),
  'POST /api/master/forms': {
    changes: true,
    request: (c) => c.post('/api/master/forms', auditForm(c.unique('Form '))),
  },
  'GET /api/master/forms/choices/:routing': readGet('/api/master/forms/choices/AuditPage'),
  'POST /api/master/forms/preview': {
    changes: false,
    request: (c) => c.post('/api/master/forms/preview', auditForm(c.unique('Preview '))),
  },
  'POST /api/master/forms/:id/delete': {
    changes: true,
    prepare: async (c) => ({ id: (await c.ok(c.post('/api/master/forms', auditForm(c.unique('Gone '))))).id }),
    request: (c, p) => c.post(`/api/master/forms/${p.id}/delete`, {}),
  },
  'POST /api/forms/:id': {
    changes: true,
    // Exception: what a visitor sends with a form is its own record, as an enquiry is (docs/design.md §21, §30); what
    // staff do with it is audited.
    audited: false,
    reason: "a visitor's submission is its own record; staff actions on submissions are audited",
    prepare: async (c) => ({ id: (await c.ok(c.post('/api/master/forms', auditForm(c.unique('Sent '))))).id }),
    request: (c, p) => ({
      ...c.post(`/api/forms/${p.id}`, { values: { name: 'Asha' } }, null),
      remoteAddress: '10.79.0.1',
    }),
  },
  'GET /api/master/submissions': readGet('/api/master/submissions?status=spam'),
  'GET /api/master/submissions/:id': {
    changes: false,
    prepare: (c) => newSubmission(c),
    request: (c, p) => c.get(`/api/master/submissions/${p.id}`),
  },
  'GET /api/master/submissions/:id/files/:fileId': {
    changes: false,
    prepare: (c) => newSubmission(c),
    request: (c, p) => c.get(`/api/master/submissions/${p.id}/files/${p.fileId}`),
  },
  'POST /api/master/submissions/:id/status': {
    changes: true,
    prepare: (c) => newSubmission(c),
    request: (c, p) => c.post(`/api/master/submissions/${p.id}/status`, { status: 'handled' }),
  },
  'GET /api/master/submissions.csv': readGet('/api/master/submissions.csv'),
  // ---- Review before publishing (docs/design.md §32)
  'GET /api/master/reviews': readGet('/api/master/reviews'),
  'POST /api/master/reviews/:routing': {
    changes: true,
    // A draft of AuditPage made a revision in review by the fixture's editor (set-up), approved by the admin.
    prepare: async (c) => {
      const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
      const document = { header: { title: c.unique('Reviewed ') }, rows: [], revision };
      const saved = await c.ok(
        c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document, publish: 'draft' }),
      );
      await c.db
        .updateTable('page_revisions')
        .set({ status: 'in_review', saved_by: c.fixture.editorId, saved_by_name: 'editor' })
        .where('page_id', '=', c.fixture.pageId)
        .where('revision', '=', saved.revision)
        .execute();
      return { revision: saved.revision };
    },
    request: (c, p) => c.post('/api/master/reviews/AuditPage', { revision: p.revision, decision: 'approve' }),
  },
  // ---- Releases (docs/design.md §32)
  'GET /api/master/releases': readGet('/api/master/releases'),
  'GET /api/master/releases/candidates': readGet('/api/master/releases/candidates'),
  'POST /api/master/releases': {
    changes: true,
    prepare: async (c) => ({ revision: await auditPageDraft(c, 'Released ') }),
    request: (c, p) =>
      c.post('/api/master/releases', {
        name: c.unique('Release '),
        items: [{ routing: 'AuditPage', revision: p.revision }],
      }),
  },
  'POST /api/master/releases/:id/publish': {
    changes: true,
    prepare: (c) => newRelease(c),
    request: (c, p) => c.post(`/api/master/releases/${p.id}/publish`, {}),
  },
  'POST /api/master/releases/:id/revert': {
    changes: true,
    prepare: async (c) => {
      const { id } = await newRelease(c);
      await c.ok(c.post(`/api/master/releases/${id}/publish`, {}));
      return { id };
    },
    request: (c, p) => c.post(`/api/master/releases/${p.id}/revert`, {}),
  },
  'POST /api/master/releases/:id/unschedule': {
    changes: true,
    prepare: async (c) => {
      const { id } = await newRelease(c);
      await c.ok(
        c.post(`/api/master/releases/${id}/publish`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() }),
      );
      return { id };
    },
    request: (c, p) => c.post(`/api/master/releases/${p.id}/unschedule`, {}),
  },
  'DELETE /api/master/releases/:id': {
    changes: true,
    prepare: (c) => newRelease(c),
    request: (c, p) => ({ method: 'DELETE', url: `/api/master/releases/${p.id}`, headers: c.admin.headers }),
  },
  // ---- Webhooks (docs/design.md §33)
  'GET /api/master/webhooks': readGet('/api/master/webhooks'),
  'POST /api/master/webhooks': {
    changes: true,
    request: (c) =>
      c.post('/api/master/webhooks', { url: `https://93.184.216.34/${c.unique('hook')}`, events: ['page.published'] }),
  },
  'POST /api/master/webhooks/:id': {
    changes: true,
    prepare: (c) => newWebhook(c),
    request: (c, p) =>
      c.post(`/api/master/webhooks/${p.id}`, {
        url: `https://93.184.216.34/${c.unique('moved')}`,
        events: ['form.submitted'],
      }),
  },
  'POST /api/master/webhooks/:id/active': {
    changes: true,
    prepare: (c) => newWebhook(c),
    request: (c, p) => c.post(`/api/master/webhooks/${p.id}/active`, { active: false }),
  },
  'POST /api/master/webhooks/:id/secret': {
    changes: true,
    prepare: (c) => newWebhook(c),
    request: (c, p) => c.post(`/api/master/webhooks/${p.id}/secret`, {}),
  },
  'POST /api/master/webhooks/:id/delete': {
    changes: true,
    prepare: (c) => newWebhook(c),
    request: (c, p) => c.post(`/api/master/webhooks/${p.id}/delete`, {}),
  },
  'GET /api/master/webhooks/:id/deliveries': {
    changes: false,
    prepare: (c) => newWebhook(c, true),
    request: (c, p) => c.get(`/api/master/webhooks/${p.id}/deliveries`),
  },
  'GET /api/master/webhooks/deliveries/:id': {
    changes: false,
    prepare: (c) => newWebhook(c, true),
    request: (c, p) => c.get(`/api/master/webhooks/deliveries/${p.delivery}`),
  },
  'POST /api/master/webhooks/deliveries/:id/redeliver': {
    changes: true,
    prepare: (c) => newWebhook(c, true),
    request: (c, p) => c.post(`/api/master/webhooks/deliveries/${p.delivery}/redeliver`, {}),
  },
  // ---- Comments on a draft's fields (docs/design.md §32)
  'GET /api/master/comments': readGet('/api/master/comments?routing=AuditPage'),
  'POST /api/master/comments': {
    changes: true,
    request: (c) => c.post('/api/master/comments', { routing: 'AuditPage', path: 'header.title', text: 'Shorter?' }),
  },
  'POST /api/master/comments/:id/resolve': {
    changes: true,
    prepare: async (c) => ({
      id: (await c.ok(c.post('/api/master/comments', { routing: 'AuditPage', path: 'header.title', text: 'Check.' })))
        .id,
    }),
    request: (c, p) => c.post(`/api/master/comments/${p.id}/resolve`, { resolved: true }),
  },
  // ---- API tokens and the content API (docs/design.md §33)
  'GET /api/account/tokens': readGet('/api/account/tokens'),
  'POST /api/account/tokens': {
    changes: true,
    request: (c) =>
      c.post('/api/account/tokens', {
        name: c.unique('Token '),
        scopes: ['content:read'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
  },
  'POST /api/account/tokens/:id/revoke': {
    changes: true,
    prepare: async (c) => ({
      id: (
        await c.ok(
          c.post('/api/account/tokens', {
            name: c.unique('Token '),
            scopes: ['content:read'],
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          }),
        )
      ).id,
    }),
    request: (c, p) => c.post(`/api/account/tokens/${p.id}/revoke`, {}),
  },
  'GET /api/content/pages': readGet('/api/content/pages'),
  'GET /api/content/pages/:routing': readGet('/api/content/pages/Home'),
  'GET /api/master/contentApi': readGet('/api/master/contentApi'),
  'POST /api/master/contentApi': {
    changes: true,
    // The other choice than the stored one: choosing the stored one changes nothing.
    prepare: async (c) => ({ open: !(await c.ok(c.get('/api/master/contentApi'))).public }),
    request: (c, p) => c.post('/api/master/contentApi', { public: p.open }),
  },
  // ---- The calendar (docs/design.md §32)
  'GET /api/master/calendar': readGet('/api/master/calendar?from=2026-12-01&to=2026-12-31'),
  'POST /api/master/reschedule/:routing': {
    changes: true,
    // A revision of its own, scheduled a day ahead, moved a day later.
    prepare: async (c) => {
      const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
      const document = { header: { title: c.unique('Moved ') }, rows: [], revision };
      const publish = new Date(Date.now() + 86_400_000).toISOString();
      return {
        revision: (await c.ok(c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document, publish })))
          .revision,
      };
    },
    request: (c, p) =>
      c.post('/api/master/reschedule/AuditPage', {
        revision: p.revision,
        publishAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      }),
  },
  // A scheduled publication that failed at its time (set-up: a draft of AuditPage marked so), retried by the admin.
  'POST /api/master/retry/:routing': {
    changes: true,
    prepare: async (c) => {
      const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
      const document = { header: { title: c.unique('Retried ') }, rows: [], revision };
      const saved = await c.ok(
        c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document, publish: 'draft' }),
      );
      await c.db
        .updateTable('page_revisions')
        .set({ status: 'failed', publish_at: new Date().toISOString(), publish_error: 'A test made it fail.' })
        .where('page_id', '=', c.fixture.pageId)
        .where('revision', '=', saved.revision)
        .execute();
      return { revision: saved.revision };
    },
    request: (c, p) => c.post('/api/master/retry/AuditPage', { revision: p.revision }),
  },
  'GET /api/master/visits': readGet('/api/master/visits?from=2026-11-01&to=2026-11-30'),
  'GET /api/master/visits.csv': readGet('/api/master/visits.csv'),
  'GET /api/master/visits/pages/:routing': readGet('/api/master/visits/pages/AuditPage'),
  'POST /api/master/getpagedefinition': read('/api/master/getpagedefinition', { commonrouting: 'AuditPage' }),
  'POST /api/master/getpagehistory': read('/api/master/getpagehistory', { commonrouting: 'AuditPage' }),
  'POST /api/master/restorepage': {
    changes: true,
    // A revision of its own to restore, whatever ran before.
    prepare: async (c) => {
      const { revision } = await c.ok(c.get('/api/master/edit/AuditPage'));
      const document = { header: { title: c.unique('Restorable ') }, rows: [], revision };
      return {
        revision: (await c.ok(c.post('/api/master/savepagecontent', { commonrouting: 'AuditPage', document })))
          .revision,
      };
    },
    request: (c, p) => c.post('/api/master/restorepage', { commonrouting: 'AuditPage', revision: p.revision }),
  },
  'POST /api/menu/menuofUserforjosn': read('/api/menu/menuofUserforjosn', {}, 'visitor'),
  'POST /api/master/getParamconf': read('/api/master/getParamconf', { id: 7 }, 'visitor'),

  // ---- Enquiries
  'POST /api/master/savecont2': {
    changes: true,
    // Exception: a visitor's enquiry from the public contact form is not a back-office change (docs/design.md §15,
    // §21). The enquiry row is its own record (time and address); what staff do with it is audited.
    audited: false,
    reason: "a visitor's enquiry is its own record; staff actions on enquiries are audited",
    request: (c) => ({ ...c.post('/api/master/savecont2', contactEnquiry, null), remoteAddress: '10.77.0.1' }),
  },
  'POST /api/master/getenquiries': read('/api/master/getenquiries', { pageno: 1 }),
  'POST /api/master/getenquiry': read('/api/master/getenquiry', { id: 1 }),
  'POST /api/master/getdashboard': read('/api/master/getdashboard', {}),
  'POST /api/master/search': read('/api/master/search', { q: 'audit' }),
  'POST /api/master/changeEnquiryStatus': {
    changes: true,
    prepare: async (c) => ({ id: await c.newEnquiry() }),
    request: (c, p) => c.post('/api/master/changeEnquiryStatus', { id: p.id, status: 'Handled' }),
  },
  'POST /api/master/resendEnquiry': {
    changes: true,
    // A spam enquiry is not mailed: mark it New first (set-up), then queue its mail again.
    prepare: async (c) => {
      const id = await c.newEnquiry();
      await c.ok(c.post('/api/master/changeEnquiryStatus', { id, status: 'New' }));
      return { id };
    },
    request: (c, p) => c.post('/api/master/resendEnquiry', { id: p.id }),
  },
  'POST /api/master/deleteEnquiry': {
    changes: true,
    prepare: async (c) => ({ id: await c.newEnquiry() }),
    request: (c, p) => c.post('/api/master/deleteEnquiry', { id: p.id }),
  },
  'GET /api/master/enquiries.csv': readGet('/api/master/enquiries.csv?status=Spam'),

  // ---- Sign-in, sign-out, setup (sessions are fingerprinted: see NOT_FINGERPRINTED)
  'POST /api/auth/signin': {
    changes: true,
    request: (c) => c.post('/api/auth/signin', { username: 'audit-editor', password: EDITOR_PASSWORD }, null),
  },
  'POST /api/auth/signout': {
    changes: true,
    // A throwaway session to end, so the admin's stays.
    prepare: async (c) => ({ session: await logIn(c.app, 'audit-editor', EDITOR_PASSWORD) }),
    request: (c, p) => c.post('/api/auth/signout', {}, p.session),
  },
  'GET /api/auth/session': readGet('/api/auth/session'),
  // Single sign-on (docs/design.md §33), off here: its legs send the browser to the login page and change nothing (a
  // refusal of a sign-in that was tried is recorded: single-sign-on.test.ts proves it against a real provider).
  'GET /api/master/signin-settings': readGet('/api/master/signin-settings'),
  'POST /api/master/signin-settings': {
    changes: true,
    request: (c) =>
      c.post('/api/master/signin-settings', {
        enabled: false,
        label: c.unique('Sign in with '),
        issuer: 'https://accounts.audit.example',
        clientId: 'folio',
        clientSecret: 'audit-secret',
        joinDomain: '',
        joinGroupId: null,
        passwordSignIn: true,
      }),
  },
  'GET /api/auth/sso': readGet('/api/auth/sso', 'visitor'),
  'GET /api/auth/sso/start': { changes: false, expect: 302, request: (c) => c.get('/api/auth/sso/start', null) },
  'GET /api/auth/sso/callback': {
    changes: false,
    expect: 302,
    request: (c) => c.get('/api/auth/sso/callback?code=a&state=b', null),
  },
  'POST /api/auth/signin/verify': {
    changes: true,
    // The first step of a user with two-step sign-in on (set-up) gives the challenge cookie the second step needs.
    prepare: async (c) => {
      const staff = await c.newStaff({ twoFactor: true });
      const first = await c.app.inject(
        c.post('/api/auth/signin', { username: staff.username, password: EDITOR_PASSWORD }, null),
      );
      return { staff, challenge: first.cookies.find((cookie) => cookie.name === 'folio_challenge')?.value };
    },
    request: (c, p) => ({
      ...c.post('/api/auth/signin/verify', { code: p.staff.recoveryCodes[0] }, null),
      headers: { cookie: `folio_challenge=${p.challenge}` },
    }),
  },
  'POST /api/auth/forgot': {
    changes: true,
    prepare: async (c) => ({ staff: await c.newStaff() }),
    request: (c, p) => ({
      ...c.post('/api/auth/forgot', { username: p.staff.username }, null),
      remoteAddress: '10.79.0.1',
    }),
  },
  'POST /api/auth/reset': {
    changes: true,
    // The link as mailed: asked for (set-up), read from the queued mail (the test app's job runner never sends it).
    prepare: async (c) => {
      const staff = await c.newStaff();
      await c.ok({ ...c.post('/api/auth/forgot', { username: staff.username }, null), remoteAddress: '10.79.0.2' });
      const mail = await c.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'staff-mail')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { token: /[?&]token=([\w-]+)/.exec(mail.payload ?? '')?.[1] };
    },
    request: (c, p) => ({
      ...c.post('/api/auth/reset', { token: p.token, password: 'a-brand-new-password' }, null),
      remoteAddress: '10.79.0.2',
    }),
  },
  'POST /api/auth/password': {
    changes: true,
    prepare: async (c) => ({ staff: await c.newStaff() }),
    request: (c, p) =>
      c.post('/api/auth/password', { current: EDITOR_PASSWORD, password: 'a-brand-new-password' }, p.staff.session),
  },
  'POST /api/auth/2fa/setup': {
    changes: true,
    prepare: async (c) => ({ staff: await c.newStaff() }),
    request: (c, p) => c.post('/api/auth/2fa/setup', {}, p.staff.session),
  },
  'POST /api/auth/2fa/enable': {
    changes: true,
    prepare: async (c) => {
      const staff = await c.newStaff();
      return { staff, secret: (await c.ok(c.post('/api/auth/2fa/setup', {}, staff.session))).secret };
    },
    request: (c, p) => c.post('/api/auth/2fa/enable', { code: codeAt(p.secret, new Date()) }, p.staff.session),
  },
  'POST /api/auth/2fa/disable': {
    changes: true,
    prepare: async (c) => ({ staff: await c.newStaff({ twoFactor: true }) }),
    request: (c, p) =>
      c.post('/api/auth/2fa/disable', { password: EDITOR_PASSWORD, code: p.staff.recoveryCodes[0] }, p.staff.session),
  },
  // ---- Passkeys (docs/design.md §33): their options store a ceremony's challenge, as the second step's cookie does
  'POST /api/account/passkeys/options': {
    changes: true,
    audited: false,
    reason: "a ceremony's challenge, kept five minutes and used once, is no change of the account",
    prepare: async (c) => ({ staff: await c.newStaff() }),
    request: (c, p) => c.post('/api/account/passkeys/options', {}, p.staff.session),
  },
  'POST /api/account/passkeys': {
    changes: true,
    prepare: async (c) => {
      const staff = await c.newStaff();
      const options = await c.ok(c.post('/api/account/passkeys/options', {}, staff.session));
      return { staff, response: new SoftwareAuthenticator().register(options) };
    },
    request: (c, p) => c.post('/api/account/passkeys', { name: 'Audit key', response: p.response }, p.staff.session),
  },
  'GET /api/account/passkeys': readGet('/api/account/passkeys'),
  'DELETE /api/account/passkeys/:id': {
    changes: true,
    prepare: async (c) => {
      const { staff, passkey } = await staffWithPasskey(c);
      return { staff, id: passkey.id };
    },
    request: (c, p) => ({ method: 'DELETE', url: `/api/account/passkeys/${p.id}`, headers: p.staff.session.headers }),
  },
  'POST /api/auth/passkey/options': {
    changes: true,
    audited: false,
    reason: "a ceremony's challenge, kept five minutes and used once, is no change of the account",
    request: (c) => c.post('/api/auth/passkey/options', {}, null),
  },
  'POST /api/auth/passkey': {
    changes: true,
    prepare: async (c) => {
      const { authenticator } = await staffWithPasskey(c);
      return { response: authenticator.assert(await c.ok(c.post('/api/auth/passkey/options', {}, null))) };
    },
    request: (c, p) => c.post('/api/auth/passkey', { response: p.response }, null),
  },
  'POST /api/auth/signin/passkey/options': {
    changes: true,
    audited: false,
    reason: "a ceremony's challenge, kept five minutes and used once, is no change of the account",
    prepare: async (c) => ({ cookie: (await passkeySecondStep(c)).cookie }),
    request: (c, p) => ({ ...c.post('/api/auth/signin/passkey/options', {}, null), headers: { cookie: p.cookie } }),
  },
  'POST /api/auth/signin/passkey': {
    changes: true,
    prepare: async (c) => {
      const { cookie, authenticator } = await passkeySecondStep(c);
      const options = await c.ok({ ...c.post('/api/auth/signin/passkey/options', {}, null), headers: { cookie } });
      return { cookie, response: authenticator.assert(options) };
    },
    request: (c, p) => ({
      ...c.post('/api/auth/signin/passkey', { response: p.response }, null),
      headers: { cookie: p.cookie },
    }),
  },
  'POST /api/setup': {
    changes: true,
    // The test app is set up already (it would answer 409): the real setup runs on a fresh app with setup pending.
    prepare: async (c) => {
      const app = await c.pendingSetupApp();
      return { app, code: await pendingSetupCode(app.tenants.default) };
    },
    request: (_c, p) => ({
      on: p.app,
      method: 'POST',
      url: '/api/setup',
      payload: { company, username: 'boss', password: 'long-enough-password', setupCode: p.code },
    }),
  },
  'POST /api/setup/logo': {
    changes: true,
    // Before anyone can sign in, with the setup code: on a fresh app with setup pending, as the setup's.
    prepare: async (c) => {
      const app = await c.pendingSetupApp();
      const setupCode = (await pendingSetupCode(app.tenants.default)) ?? '';
      return {
        app,
        body: multipartBody(
          { setupCode },
          { name: 'logo.png', type: 'image/png', data: await testImage(40, 30, 'png') },
        ),
      };
    },
    request: (_c, p) => ({
      on: p.app,
      method: 'POST',
      url: '/api/setup/logo',
      headers: { 'content-type': p.body.contentType },
      payload: p.body.payload,
    }),
  },

  // ---- Company details
  'POST /api/master/getCompanyDetails': read('/api/master/getCompanyDetails'),
  'POST /api/master/getCompanyContact': read('/api/master/getCompanyContact'),
  'POST /api/master/saveCompanyDetails': {
    changes: true,
    prepare: async (c) => ({ details: await c.ok(c.post('/api/master/getCompanyDetails')) }),
    request: (c, p) => c.post('/api/master/saveCompanyDetails', { ...p.details, companyName: c.unique('Renamed ') }),
  },

  // ---- Groups
  'POST /api/menu/getAllgroup': read('/api/menu/getAllgroup'),
  'POST /api/menu/SaveUserGroup': {
    changes: true,
    request: (c) => c.post('/api/menu/SaveUserGroup', { groupname: c.unique('Writers') }),
  },
  'POST /api/menu/deletegroup': {
    changes: true,
    prepare: async (c) => ({ id: await c.newGroup() }),
    request: (c, p) => c.post('/api/menu/deletegroup', { id: p.id }),
  },

  // ---- Users
  'POST /api/master/getempmasterfroEmp': read('/api/master/getempmasterfroEmp', { pageno: 1 }),
  'POST /api/master/getSearchForEmployeeMaster': read('/api/master/getSearchForEmployeeMaster', {
    searchText: 'audit',
    type: 'All',
  }),
  'POST /api/master/getEmployeedByid': read('/api/master/getEmployeedByid', (c) => ({ id: c.fixture.editorId })),
  'POST /api/master/getusergroup': read('/api/master/getusergroup'),
  'POST /api/master/saveemployeemaster': {
    changes: true,
    request: (c) => c.post('/api/master/saveemployeemaster', person(c)),
  },
  'POST /api/master/Employeechangedeletstatus': {
    changes: true,
    prepare: async (c) => ({ id: await c.newUser() }),
    request: (c, p) => c.post('/api/master/Employeechangedeletstatus', { id: p.id, activeStatus: 'N' }),
  },

  'POST /api/master/resetTwoFactor': {
    changes: true,
    prepare: async (c) => ({ staff: await c.newStaff({ twoFactor: true }) }),
    request: (c, p) => c.post('/api/master/resetTwoFactor', { id: p.staff.id }),
  },

  // ---- Menu trees
  'POST /api/menu/getallActiveuser': read('/api/menu/getallActiveuser'),
  'POST /api/menu/menubyuser': read('/api/menu/menubyuser', (c) => ({ userId: c.fixture.groupId, from: 'group' })),
  'POST /api/menu/getAllitempage': read('/api/menu/getAllitempage'),
  'POST /api/menu/savemenubyuserforjson': {
    changes: true,
    request: (c) =>
      c.post('/api/menu/savemenubyuserforjson', {
        jsonsavelist: { pageid: 2, pagename: 'About', sequence: 1, resourcegroupid: c.fixture.groupId },
      }),
  },
  'POST /api/menu/deletemenubyuser': {
    changes: true,
    prepare: async (c) => ({ menuId: await c.newGroupMenuItem(c.fixture.groupId) }),
    request: (c, p) => c.post('/api/menu/deletemenubyuser', { menuId: p.menuId }),
  },
  'POST /api/menu/getallmenudata': read('/api/menu/getallmenudata', (c) => ({
    userId: c.fixture.groupId,
    from: 'group',
  })),
  'POST /api/menu/menubymenname': read('/api/menu/menubymenname', { menuname: 'Home' }),
  'POST /api/menu/SaveItemname': {
    changes: true,
    prepare: async (c) => ({ menuId: await c.newGroupMenuItem(c.fixture.groupId) }),
    request: (c, p) => c.post('/api/menu/SaveItemname', { menuId: p.menuId, menuname: 'Start' }),
  },
  'POST /api/menu/cleargroupall': {
    changes: true,
    // A group of its own with an item in its menu (emptying an empty menu changes nothing).
    prepare: async (c) => {
      const id = await c.newGroup();
      await c.newGroupMenuItem(id);
      return { id };
    },
    request: (c, p) => c.post('/api/menu/cleargroupall', { id: p.id }),
  },
  'POST /api/menu/updatemenubyuser': {
    changes: true,
    // Applying a group's menu deletes its users' own menus: a group whose user has one.
    prepare: async (c) => {
      const groupId = await c.newGroup();
      const userId = await c.newUser(groupId);
      await c.db
        .insertInto('menu_items')
        .values({
          owner_kind: 'user',
          owner_id: userId,
          parent_id: null,
          page_id: 1,
          label: 'Home',
          sequence: 1,
          is_sub_menu: 0,
          land_page: 0,
        })
        .execute();
      return { groupId };
    },
    request: (c, p) => c.post('/api/menu/updatemenubyuser', { groupId: p.groupId }),
  },

  'POST /api/menu/publicmenuplace': read('/api/menu/publicmenuplace', (c) => ({ pageId: c.fixture.pageId })),
  'POST /api/menu/placeinpublicmenu': {
    changes: true,
    prepare: async (c) => ({ id: await c.newPage() }),
    request: (c, p) => c.post('/api/menu/placeinpublicmenu', { pageId: p.id, parentId: null, position: 1 }),
  },

  // ---- Page definitions and field rules
  'POST /api/master/getFormCreatedData': read('/api/master/getFormCreatedData', { pageno: 1 }),
  'POST /api/master/getpageedit': read('/api/master/getpageedit', (c) => ({ id: c.fixture.pageId })),
  'POST /api/master/getactivityById': read('/api/master/getactivityById', (c) => ({ id: c.fixture.pageId })),
  'POST /api/master/getallmodeules': read('/api/master/getallmodeules'),
  'POST /api/master/savePageCreation': {
    changes: true,
    request: (c) =>
      c.post('/api/master/savePageCreation', {
        filename: c.unique('Vacancies'),
        dspname: 'Vacancies',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      }),
  },
  'POST /api/master/activitydelstatus': {
    changes: true,
    prepare: async (c) => ({ id: await c.newPage() }),
    request: (c, p) => c.post('/api/master/activitydelstatus', { id: p.id, activeStatus: 'N' }),
  },
  'POST /api/master/getactivityforparamconf': read('/api/master/getactivityforparamconf', (c) => ({
    id: c.fixture.pageId,
  })),
  'POST /api/master/getActivityParametersByid': read('/api/master/getActivityParametersByid', (c) => ({
    id: c.fixture.pageId,
  })),
  'POST /api/master/saveParameters': {
    changes: true,
    prepare: async (c) => ({ id: await c.newPage() }),
    request: (c, p) =>
      c.post('/api/master/saveParameters', {
        id: p.id,
        parameters: [
          {
            parameterName: 'jobTitle',
            sequence: 1,
            mandatory: 'Y',
            type: 'Textarea',
            unittype: 'Character',
            pagecreationtype: 'Detail',
            minlength: 3,
            maxlength: 80,
          },
        ],
      }),
  },
  'POST /api/menu/getmodulelst': read('/api/menu/getmodulelst'),

  // ---- Master data
  'POST /api/master/savecommonmastertype': {
    changes: true,
    request: (c) => c.post('/api/master/savecommonmastertype', { code: c.unique('OFFICE'), name: 'Office' }),
  },
  'POST /api/master/getCommasterType': read('/api/master/getCommasterType', { pageno: 1 }),
  'POST /api/master/getcommasterTypeByID': read('/api/master/getcommasterTypeByID', (c) => ({ id: c.fixture.typeId })),
  'POST /api/master/changeStatusForCommonMasterType': {
    changes: true,
    prepare: async (c) => ({ id: await c.newMasterType() }),
    request: (c, p) => c.post('/api/master/changeStatusForCommonMasterType', { id: p.id, activeStatus: 'N' }),
  },
  'POST /api/master/getCommasterTypefordropdown': read('/api/master/getCommasterTypefordropdown'),
  'POST /api/master/getCommasterTypefordependacy': read('/api/master/getCommasterTypefordependacy', (c) => ({
    id: c.fixture.typeId,
  })),
  'POST /api/master/savecommonmaster': {
    changes: true,
    request: (c) =>
      c.post('/api/master/savecommonmaster', {
        typeId: c.fixture.typeId,
        code: c.unique('BANER'),
        name: 'Baner',
        sequence: 1,
      }),
  },
  'POST /api/master/getCommonMaster': read('/api/master/getCommonMaster', (c) => ({
    pageno: 1,
    typeId: c.fixture.typeId,
  })),
  'POST /api/master/getSearchForcommonMaster': read('/api/master/getSearchForcommonMaster', {
    pageno: 1,
    searchText: 'Pune',
  }),
  'POST /api/master/getcommasterByID': read('/api/master/getcommasterByID', (c) => ({ id: c.fixture.valueId })),
  'POST /api/master/gettypeformasterByID': read('/api/master/gettypeformasterByID', (c) => ({ id: c.fixture.valueId })),
  'POST /api/master/changeStatusForCommonMaster': {
    changes: true,
    prepare: async (c) => ({ id: await c.newMasterValue(c.fixture.typeId) }),
    request: (c, p) => c.post('/api/master/changeStatusForCommonMaster', { id: p.id, activeStatus: 'N' }),
  },
  'POST /api/master/savecommonmasterdependancy': {
    changes: true,
    // A city of its own, made under one seeded state and moved to another.
    prepare: async (c) => {
      const types: Array<{ id: number; code: string }> = await c.ok(c.post('/api/master/getCommasterTypefordropdown'));
      const typeId = (code: string) => types.find((type) => type.code === code)!.id;
      const states: Array<{ id: number }> = (
        await c.ok(c.post('/api/master/getCommonMaster', { pageno: 1, typeId: typeId('STATE') }))
      ).items;
      const valueId = await c.newMasterValue(typeId('CITY'), states[0]!.id);
      return { valueId, parentId: states[1]!.id };
    },
    request: (c, p) => c.post('/api/master/savecommonmasterdependancy', { valueId: p.valueId, parentId: p.parentId }),
  },
  'POST /api/master/getCommonMasterfordependancy': read('/api/master/getCommonMasterfordependancy', (c) => ({
    typeId: c.fixture.typeId,
  })),

  // ---- The audit log itself (reads only: no call changes or deletes an entry)
  'POST /api/master/getauditlog': read('/api/master/getauditlog', { pageno: 1, action: 'group.create' }),
  'GET /api/master/auditlog.csv': readGet('/api/master/auditlog.csv?targetType=group'),
  // ---- Backups (docs/design.md §22): a download changes nothing and is recorded.
  'GET /api/master/backup': { ...readGet('/api/master/backup'), recorded: 'backup.download' },

  // ---- Images
  'POST /api/master/uploadImage': {
    changes: true,
    prepare: async () => ({
      body: multipartBody(
        { page: 'about' },
        { name: 'photo.png', type: 'image/png', data: await testImage(40, 30, 'png') },
      ),
    }),
    request: (c, p) => {
      const request = c.post('/api/master/uploadImage');
      return {
        ...request,
        headers: { ...request.headers, 'content-type': p.body.contentType },
        payload: p.body.payload,
      };
    },
  },
  'POST /api/master/deleteImage': {
    changes: true,
    prepare: async (c) => ({ filename: await c.newImage() }),
    request: (c, p) => c.post('/api/master/deleteImage', { filename: p.filename, page: 'about' }),
  },
  // ---- The media library (docs/design.md §27)
  'GET /api/master/media': readGet('/api/master/media?search=photo&unused=1'),
  'GET /api/master/media/:id': {
    changes: false,
    prepare: async (c) => ({ id: await mediaIdOf(c, await c.newImage()) }),
    request: (c, p) => c.get(`/api/master/media/${p.id}`, c.admin),
  },
  'POST /api/master/media/:id': {
    changes: true,
    prepare: async (c) => ({ id: await mediaIdOf(c, await c.newImage()) }),
    request: (c, p) =>
      c.post(`/api/master/media/${p.id}`, { title: c.unique('Title'), alt: c.unique('Alt'), focalX: 0.2, focalY: 0.8 }),
  },
  'DELETE /api/master/media/:id': {
    changes: true,
    prepare: async (c) => ({ id: await mediaIdOf(c, await c.newImage()) }),
    request: (c, p) => ({ method: 'DELETE', url: `/api/master/media/${p.id}`, headers: c.admin.headers }),
  },
  'POST /api/master/media/:id/replace': {
    changes: true,
    prepare: async (c) => ({
      id: await mediaIdOf(c, await c.newImage()),
      body: multipartBody({}, { name: 'new.png', type: 'image/png', data: await testImage(20, 20, 'png') }),
    }),
    request: (c, p) => {
      const request = c.post(`/api/master/media/${p.id}/replace`);
      return {
        ...request,
        headers: { ...request.headers, 'content-type': p.body.contentType },
        payload: p.body.payload,
      };
    },
  },
};

/** The media library's id of an uploaded image. */
async function mediaIdOf(c: Ctx, filename: string): Promise<number> {
  return (await c.db.selectFrom('media').select('id').where('name', '=', filename).executeTakeFirstOrThrow()).id;
}

// ---- The fingerprint ---------------------------------------------------------------------------------------

/** The tenant's tables (the current schema's on PostgreSQL), less the bookkeeping ones. */
async function fingerprintedTables(db: Db, dialect: string): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows;
  return rows
    .map((row) => row.name)
    .filter((name) => !NOT_FINGERPRINTED.has(name))
    .sort();
}

/** A value as JSON can hold it, the same on both databases: bytes by their hash, big integers as text. */
const comparable = (value: unknown): unknown =>
  value instanceof Uint8Array
    ? `sha256:${createHash('sha256').update(value).digest('hex')}`
    : typeof value === 'bigint'
      ? String(value)
      : value;

/** A SHA-256 per table over all its rows (each row as JSON, sorted: the order rows come back in does not matter). */
async function fingerprint(db: Db, dialect: string): Promise<Map<string, string>> {
  const tables = await fingerprintedTables(db, dialect);
  const hashes = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      const lines = rows
        .map((row) => JSON.stringify(Object.entries(row).map(([column, value]) => [column, comparable(value)])))
        .sort();
      return [table, createHash('sha256').update(lines.join('\n')).digest('hex')] as const;
    }),
  );
  return new Map(hashes);
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const tables = new Set([...before.keys(), ...after.keys()]);
  return [...tables].filter((table) => before.get(table) !== after.get(table)).sort();
}

const lastAuditId = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
const auditSince = (db: Db, id: number) =>
  db.selectFrom('audit_log').select(['action', 'target_id']).where('id', '>', id).orderBy('id').execute();

/** Calls one route as its entry says and returns what is wrong with it (nothing: an empty list). */
async function check(c: Ctx, key: string, call: Call): Promise<string[]> {
  let request: Request;
  try {
    request = await call.request(c, call.prepare ? await call.prepare(c) : {});
  } catch (error) {
    return [`${key}: its fixture failed: ${(error as Error).message}`];
  }
  const { on: app = c.app, ...options } = request;
  const db = app.tenants.default.db;
  const before = await fingerprint(db, c.dialect);
  const auditBefore = await lastAuditId(db);
  const response = await app.inject(options);
  const statusOk =
    call.expect !== undefined
      ? response.statusCode === call.expect
      : response.statusCode >= 200 && response.statusCode < 300;
  if (!statusOk)
    return [
      `${key} answered ${response.statusCode} (expected ${call.expect ?? '2xx'}): ${response.body.slice(0, 300)}`,
    ];
  const changed = changedTables(before, await fingerprint(db, c.dialect));
  const entries = await auditSince(db, auditBefore);
  const problems: string[] = [];
  if (changed.length > 0 && entries.length === 0 && call.audited !== false)
    problems.push(`${key} changed ${changed.join(', ')} but wrote no audit entry`);
  if (call.changes && changed.length === 0)
    problems.push(`${key} is meant to change stored data but changed nothing: make its fixture exercise the change`);
  if (call.recorded) {
    if (changed.length > 0) problems.push(`${key} is a recorded read but changed ${changed.join(', ')}`);
    if (entries.length !== 1 || entries[0]!.action !== call.recorded)
      problems.push(
        `${key} should write one ${call.recorded} entry, wrote ${entries.map((e) => e.action).join(', ') || 'none'}`,
      );
  } else if (!call.changes && entries.length > 0) {
    const what = changed.length > 0 ? `changed ${changed.join(', ')} and wrote` : 'wrote';
    problems.push(
      `${key} is marked changes: false but ${what} audit entries (${entries.map((e) => e.action).join(', ')}): a read must not change or record anything`,
    );
  }
  if (call.audited === false && !call.reason) problems.push(`${key} is an exception (audited: false) without a reason`);
  return problems;
}

/** Fastify's `/a/:b` is OpenAPI's `/a/{b}`. */
const fastifyUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

describe.each(testDialects())('audit coverage of every API route on %s (docs/design.md §21)', (dialect) => {
  let t: TestApp;
  const extraApps: TestApp[] = [];
  let c: Ctx;

  beforeAll(async () => {
    // Mail configured (password reset needs it); the test app's job runner is never started, so nothing is sent
    // and no queued mail changes behind a call's back.
    t = await createTestApp(dialect, {
      ADMIN_PASSWORD,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'site@firm.example',
      PUBLIC_BASE_URL: 'https://www.firm.example/',
    });
    const app = t.app;
    const db = app.tenants.default.db;
    const admin = await logIn(app, 'admin', ADMIN_PASSWORD);
    let serial = 0;
    let address = 0;
    const post = (url: string, payload: object = {}, who: LoggedIn | null = admin): Request => ({
      method: 'POST',
      url,
      headers: who?.headers ?? {},
      payload,
    });
    const get = (url: string, who: LoggedIn | null = admin): Request => ({
      method: 'GET',
      url,
      headers: who?.headers ?? {},
    });
    const ok = async ({ on = app, ...options }: Request) => {
      const response = await on.inject(options);
      if (response.statusCode < 200 || response.statusCode >= 300)
        throw new Error(
          `${options.method} ${options.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
        );
      return response.headers['content-type']?.includes('json') ? response.json() : response.body;
    };
    const unique = (prefix: string) => `${prefix}${(serial += 1)}`;
    const newGroup = async () => {
      const groupname = unique('Group');
      await ok(post('/api/menu/SaveUserGroup', { groupname }));
      const groups: Array<{ id: number; groupname: string }> = await ok(post('/api/menu/getAllgroup'));
      return groups.find((g) => g.groupname === groupname)!.id;
    };
    const newMasterValue = async (typeId: number, parentId?: number) =>
      (
        await ok(
          post('/api/master/savecommonmaster', {
            typeId,
            code: unique('V'),
            name: unique('Value '),
            sequence: 1,
            ...(parentId ? { parentId } : {}),
          }),
        )
      ).id as number;
    const newGroupMenuItem = async (groupId: number, pageId = 2) => {
      const pagename = unique('Item ');
      await ok(
        post('/api/menu/savemenubyuserforjson', {
          jsonsavelist: { pageid: pageId, pagename, sequence: 1, resourcegroupid: groupId },
        }),
      );
      const items: Array<{ id: number; name: string }> = await ok(
        post('/api/menu/getallmenudata', { userId: groupId, from: 'group' }),
      );
      return items.find((item) => item.name === pagename)!.id;
    };
    const newPage = async () =>
      (
        await ok(
          post('/api/master/savePageCreation', {
            filename: unique('Page'),
            dspname: 'A page',
            module: 1,
            type: 'Autowired',
            homepage: 'Y',
          }),
        )
      ).id as number;
    c = {
      app,
      db,
      dialect,
      admin,
      fixture: { editorId: 0, groupId: 0, typeId: 0, valueId: 0, pageId: 0, enquiryId: 0 },
      unique,
      post,
      get,
      ok,
      newGroup,
      newUser: async (groupId = 3) =>
        createUser(db, { username: unique('user').toLowerCase(), password: EDITOR_PASSWORD, groupId }),
      newPage,
      newMasterType: async () =>
        (await ok(post('/api/master/savecommonmastertype', { code: unique('TYPE'), name: unique('Type ') })))
          .id as number,
      newMasterValue,
      newEnquiry: async () => {
        // Each from its own address (the form's rate limit); without the form's cookie it is kept as Spam, unmailed.
        await ok({
          ...post('/api/master/savecont2', contactEnquiry, null),
          remoteAddress: `10.78.0.${(address += 1)}`,
        });
        return (await db.selectFrom('enquiries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
      },
      newImage: async () => {
        const response = await uploadImage(
          app,
          { page: 'about' },
          { name: 'photo.png', type: 'image/png', data: await testImage(40, 30, 'png') },
          admin,
        );
        if (response.statusCode !== 200)
          throw new Error(`uploadImage answered ${response.statusCode}: ${response.body}`);
        return response.json().filename as string;
      },
      newGroupMenuItem,
      newStaff: async ({ twoFactor = false } = {}) => {
        const username = unique('staff');
        const id = await createUser(db, { username, password: EDITOR_PASSWORD, groupId: 3 });
        await db
          .updateTable('users')
          .set({ email: `${username}@firm.example` })
          .where('id', '=', id)
          .execute();
        const session = await logIn(app, username, EDITOR_PASSWORD);
        if (!twoFactor) return { id, username, session };
        const { secret } = await ok(post('/api/auth/2fa/setup', {}, session));
        const { recoveryCodes } = await ok(post('/api/auth/2fa/enable', { code: codeAt(secret, new Date()) }, session));
        return { id, username, session, secret, recoveryCodes };
      },
      pendingSetupApp: async () => {
        const fresh = await createTestApp(dialect);
        extraApps.push(fresh);
        return fresh.app;
      },
    };
    const typeId = await c.newMasterType();
    const pageId = await newPage();
    await ok(
      post('/api/master/saveParameters', {
        id: pageId,
        parameters: [
          {
            parameterName: 'title',
            sequence: 1,
            type: 'Textarea',
            unittype: 'Character',
            pagecreationtype: 'Header',
            maxlength: 80,
          },
        ],
      }),
    );
    // The fixture page is reached by its routing name: give it a known one.
    await ok(
      post('/api/master/savePageCreation', {
        id: pageId,
        filename: 'AuditPage',
        dspname: 'Audit page',
        module: 1,
        type: 'Autowired',
        homepage: 'Y',
      }),
    );
    c.fixture = {
      editorId: await createEditor(app, 'audit-editor'),
      groupId: await newGroup(),
      typeId,
      valueId: await newMasterValue(typeId),
      pageId,
      enquiryId: await c.newEnquiry(),
    };
  });
  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    await t?.close();
  });

  it('writes an audit entry for every call that changes stored data, and none for the others', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations))
        if (METHODS.has(method)) routes.add(`${method.toUpperCase()} ${fastifyUrl(path)}`);
    }
    // The routes Fastify registered too (contract.test.ts checks that the document holds them all).
    for (const route of t.app.apiRoutes) routes.add(`${route.method} ${route.url}`);

    const problems: string[] = [];
    for (const key of routes) {
      const call = CALLS[key];
      if (!call) problems.push(`add a fixture for ${key} to audit-coverage.test.ts`);
      else problems.push(...(await check(c, key, call)));
    }
    for (const key of Object.keys(CALLS))
      if (!routes.has(key))
        problems.push(`${key} has a fixture in audit-coverage.test.ts but is not an API route: remove or rename it`);
    expect(problems).toEqual([]);
    // Every route of the API in turn (over a hundred calls and their checks): up to a minute on a busy machine.
  }, 120_000);
});
