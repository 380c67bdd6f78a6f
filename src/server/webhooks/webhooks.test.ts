import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../core/schemas/webhook';
import { ConfigError, loadConfig } from '../config';
import { FORM_COOKIE, issueFormToken } from '../enquiries/spam-guard';
import { issueSubmissionToken } from '../forms/form-spam';
import { readJob } from '../jobs/jobs.repository';
import { createForm } from '../test-support/forms';
import { ADMIN_PASSWORD, logIn, type LoggedIn } from '../test-support/sessions';
import { TestSmtpServer } from '../test-support/smtp';
import { createTestApp, testDialects, type TestApp } from '../test-support/test-app';
import { WebhookReceiver } from '../test-support/webhook-receiver';
import { createUser } from '../users/users.service';
import { secretOwner, WEBHOOK_DELIVERY, WEBHOOK_RETRY_DELAYS_MS } from './webhook-deliveries';
import { sendAttempt } from './webhook-sender';
import { checkTarget, TargetRefusedError, type Resolve } from './webhook-targets';

const SECOND = 1000;
const HOUR = 3_600_000;

/** A resolver that answers `addresses` for every name: what a DNS server under someone else's control may say. */
const resolvingTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook settings and targets', () => {
  it('reads WEBHOOKS_ALLOW_HTTP and WEBHOOKS_ALLOW_PRIVATE once, off by default, and refuses a bad value by name', () => {
    expect(loadConfig({})).toMatchObject({ webhooksAllowHttp: false, webhooksAllowPrivate: false });
    expect(loadConfig({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: 'true' })).toMatchObject({
      webhooksAllowHttp: true,
      webhooksAllowPrivate: true,
    });
    expect(() => loadConfig({ WEBHOOKS_ALLOW_HTTP: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'maybe' })).toThrow('WEBHOOKS_ALLOW_PRIVATE');
  });

  const strict = { allowHttp: false, allowPrivate: false };
  const refusal = async (url: string, resolve?: Resolve, rules = strict) => {
    const error = await checkTarget(url, rules, resolve).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TargetRefusedError);
    return (error as Error).message;
  };

  it('refuses every address that is not a public one, also behind a name and written as IPv6', async () => {
    expect(await refusal('http://hooks.example.com/in', resolvingTo('93.184.216.34'))).toBe(WEBHOOK_MESSAGES.httpsOnly);
    for (const [host, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['192.168.1.10', 'private'],
      ['172.16.0.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['0.0.0.0', 'unspecified'],
      ['[::1]', 'loopback'],
      ['[fe80::1]', 'linkLocal'],
      ['[fd00::1]', 'uniqueLocal'],
      ['[::ffff:7f00:1]', 'loopback'],
      ['[ff02::1]', 'multicast'],
    ] as const) {
      const bare = host.replace(/^\[(.*)\]$/, '$1');
      expect(await refusal(`https://${host}/in`)).toBe(WEBHOOK_MESSAGES.privateTarget(bare, bare, range));
    }
    // A name with one public and one private address is refused: the connection could take either.
    expect(await refusal('https://hooks.example.com/in', resolvingTo('93.184.216.34', '10.0.0.5'))).toBe(
      WEBHOOK_MESSAGES.privateTarget('hooks.example.com', '10.0.0.5', 'private'),
    );
    expect(await refusal('https://hooks.example.com/in', async () => [])).toBe(
      WEBHOOK_MESSAGES.unknownHost('hooks.example.com'),
    );
    const passed = await checkTarget('https://hooks.example.com/in', strict, resolvingTo('93.184.216.34'));
    expect(passed.addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('connects to the checked address whatever the name resolves to later, keeping the Host header', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      // The name resolved to the receiver when it was checked; the request's own lookup is never asked.
      const target = await checkTarget(
        `http://hooks.rebinding.test:${receiver.port}/pinned`,
        { allowHttp: true, allowPrivate: true },
        resolvingTo('127.0.0.1'),
      );
      const result = await sendAttempt(target, {
        messageId: 'msg_pinned',
        body: '{"type":"test"}',
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        at: new Date(),
      });
      expect(result).toMatchObject({ delivered: true, responseCode: 200, answer: 'ok', error: null });
      expect(receiver.on('/pinned')[0]?.headers.host).toBe(`hooks.rebinding.test:${receiver.port}`);
    } finally {
      await receiver.stop();
    }
  });
});

/** Webhooks (docs/design.md §33) through the real API, the job runner and a receiver on 127.0.0.1, on each database. */
describe.each(testDialects())('webhooks on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  let acmeAdmin: LoggedIn;
  const smtp = new TestSmtpServer();
  const receiver = new WebhookReceiver();
  let address = 0;

  beforeAll(async () => {
    await smtp.start();
    await receiver.start();
    t = await createTestApp(dialect, {
      TENANTS: 'default,acme',
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'website@example.in',
      PUBLIC_BASE_URL: 'https://folio.example/',
    });
    await createUser(db(), { username: 'hooks', password: ADMIN_PASSWORD, groupId: 1, firstName: 'Hema' });
    await db().updateTable('users').set({ email: 'hema@example.in' }).where('username', '=', 'hooks').execute();
    admin = await logIn(t.app, 'hooks', ADMIN_PASSWORD);
    const acme = t.app.tenants.named('acme')!;
    await createUser(acme.db, { username: 'acme-boss', password: ADMIN_PASSWORD, groupId: 1 });
    acmeAdmin = await logIn(t.app, 'acme-boss', ADMIN_PASSWORD, '127.0.0.1', 'acme');
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
    await smtp.stop();
  });
  // Each test starts without endpoints (their deliveries go with them): what one sends is its own.
  beforeEach(async () => {
    for (const { id } of (await call('GET', '/api/master/webhooks')).json().items)
      expect((await call('POST', `/api/master/webhooks/${id}/delete`)).statusCode).toBe(200);
  });

  const db = () => t.app.tenants.default.db;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, who: LoggedIn = admin) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const addEndpoint = async (path: string, events: string[] = ['page.published']) => {
    const made = await call('POST', '/api/master/webhooks', { url: receiver.url(path), events });
    expect(made.statusCode, made.body).toBe(200);
    return made.json() as { id: number; secret: string };
  };
  /** Publishes News with new words through its editor's calls; the revision. */
  const publishNews = async (words: string) => {
    const read = (await call('GET', '/api/master/edit/News')).json();
    const saved = await call('POST', '/api/master/savenews', {
      ...read,
      tablelst: read.tablelst.map((row: object, i: number) =>
        i === 0 ? { ...row, newsDetails: `<p>${words}</p>` } : row,
      ),
      publish: 'now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().revision as number;
  };
  const deliveries = async (id: number) => {
    const listed = await call('GET', `/api/master/webhooks/${id}/deliveries`);
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().items as Array<Record<string, unknown> & { id: number }>;
  };
  const endpoint = async (id: number) =>
    ((await call('GET', '/api/master/webhooks')).json().items as Array<Record<string, unknown>>).find(
      (item) => item.id === id,
    );
  const actions = async () =>
    (await db().selectFrom('audit_log').select(['action', 'details']).orderBy('id').execute()).filter((row) =>
      row.action.startsWith('webhook.'),
    );

  it('delivers page.published signed as Standard Webhooks, with the secret shown once and sealed at rest', async () => {
    const { id, secret } = await addEndpoint('/published');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await db().selectFrom('webhooks').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secret.startsWith('v1:')).toBe(true);
    expect(t.app.webhooks.tools.box.openFor(stored.secret, secretOwner(id))).toBe(secret);
    expect(JSON.stringify((await call('GET', '/api/master/webhooks')).json())).not.toContain(secret);
    expect(JSON.stringify(await actions())).not.toContain(secret.slice(6));

    const revision = await publishNews('Webhooks are here');
    await t.app.jobs.tick();
    const [request] = receiver.on('/published');
    expect(request).toBeDefined();
    const body = new Webhook(secret).verify(request!.body, request!.headers);
    expect(body).toEqual({
      type: 'page.published',
      timestamp: expect.any(String),
      data: { page: { routing: 'News', locale: null, revision } },
    });
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`).verify(request!.body, request!.headers),
    ).toThrow();
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({
        event: 'page.published',
        status: 'delivered',
        attempts: 1,
        responseCode: 200,
        error: null,
      }),
    ]);
    expect(await endpoint(id)).toMatchObject({
      active: true,
      lastStatus: 'delivered',
      failingSince: null,
      createdBy: 'hooks',
    });
    expect((await actions()).map((row) => row.action)).toContain('webhook.create');
  });

  it('retries a 500 with the waits of docs/design.md §33, logging attempts, code and the first KB of the answer', async () => {
    const { id } = await addEndpoint('/flaky');
    // A NUL in the answer too: PostgreSQL text holds none.
    receiver.answer('/flaky', { status: 500, body: `${'é'.repeat(100)}\u0000${'x'.repeat(3000)}` });
    await publishNews('A flaky receiver');
    const t0 = Date.now();
    const at = (ms: number) => () => new Date(t0 + ms);
    await t.app.jobs.tick(at(0));
    const [first] = await deliveries(id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseCode: 500,
      error: 'The endpoint answered 500 (Internal Server Error).',
    });
    const detail = (await call('GET', `/api/master/webhooks/deliveries/${first!.id}`)).json();
    expect(Buffer.byteLength(detail.answer)).toBeLessThanOrEqual(1024 + 3);
    expect(detail.answer.startsWith(`${'é'.repeat(100)}\uFFFDxxx`)).toBe(true);
    expect(JSON.parse(detail.body)).toMatchObject({ type: 'page.published' });
    const job = await readJob(db(), WEBHOOK_DELIVERY, String(first!.id));
    expect(job).toMatchObject({ state: 'retrying', run_at: new Date(t0 + 5 * SECOND).toISOString() });
    expect((await endpoint(id))!.failingSince).toBe(new Date(t0).toISOString());

    // Not before its time; then again, and a third time once the receiver is back.
    await t.app.jobs.tick(at(4 * SECOND));
    expect(receiver.on('/flaky')).toHaveLength(1);
    await t.app.jobs.tick(at(5 * SECOND));
    expect(receiver.on('/flaky')).toHaveLength(2);
    expect(await readJob(db(), WEBHOOK_DELIVERY, String(first!.id))).toMatchObject({
      state: 'retrying',
      run_at: new Date(t0 + 5 * SECOND + WEBHOOK_RETRY_DELAYS_MS[1]!).toISOString(),
    });
    receiver.answer('/flaky', null);
    await t.app.jobs.tick(at(5 * SECOND + WEBHOOK_RETRY_DELAYS_MS[1]!));
    expect(receiver.on('/flaky')).toHaveLength(3);
    // Every attempt is the same message, signed afresh.
    expect(new Set(receiver.on('/flaky').map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.on('/flaky').map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 3, responseCode: 200, error: null }),
    ]);
    expect(await endpoint(id)).toMatchObject({ failingSince: null, lastStatus: 'delivered' });
  });

  it('redelivers a delivery: the same message again at once, at the top of the log, audited', async () => {
    const { id, secret } = await addEndpoint('/again');
    await publishNews('Send it twice');
    await t.app.jobs.tick();
    const [delivered] = await deliveries(id);
    const redelivered = await call('POST', `/api/master/webhooks/deliveries/${delivered!.id}/redeliver`, {});
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toEqual({ id: expect.any(Number), message: WEBHOOK_MESSAGES.redelivered });
    await t.app.jobs.tick();
    const [first, second] = receiver.on('/again');
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(new Webhook(secret).verify(second!.body, second!.headers)).toMatchObject({ type: 'page.published' });
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({
        id: redelivered.json().id,
        status: 'delivered',
        attempts: 1,
        redeliveryOf: delivered!.id,
      }),
      expect.objectContaining({ id: delivered!.id, status: 'delivered', redeliveryOf: null }),
    ]);
    expect((await actions()).at(-1)).toMatchObject({ action: 'webhook.redeliver' });
    // A switched-off endpoint redelivers nothing until it is on again.
    expect((await call('POST', `/api/master/webhooks/${id}/active`, { active: false })).statusCode).toBe(200);
    const refused = await call('POST', `/api/master/webhooks/deliveries/${delivered!.id}/redeliver`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.switchedOff);
  });

  it('changes, switches, re-keys and deletes an endpoint, each audited; reads write nothing', async () => {
    const { id, secret } = await addEndpoint('/managed');
    const before = (await actions()).length;
    await call('GET', '/api/master/webhooks');
    await call('GET', `/api/master/webhooks/${id}/deliveries`);
    expect((await actions()).length).toBe(before);
    const changed = await call('POST', `/api/master/webhooks/${id}`, {
      url: receiver.url('/managed-2'),
      events: ['page.published', 'page.unpublished'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await endpoint(id)).toMatchObject({
      url: receiver.url('/managed-2'),
      events: ['page.published', 'page.unpublished'],
    });
    const off = await call('POST', `/api/master/webhooks/${id}/active`, { active: false });
    expect(off.json().message).toBe(WEBHOOK_MESSAGES.switchedOffByHand);
    expect(await endpoint(id)).toMatchObject({ active: false, switchedOffWhy: 'Switched off by hooks.' });
    // Nothing is delivered to an endpoint that is off.
    await publishNews('Nobody listens');
    expect(await deliveries(id)).toEqual([]);
    expect((await call('POST', `/api/master/webhooks/${id}/active`, { active: true })).statusCode).toBe(200);
    const renewed = await call('POST', `/api/master/webhooks/${id}/secret`, {});
    expect(renewed.json()).toMatchObject({ id, secret: expect.stringMatching(/^whsec_/) });
    expect(renewed.json().secret).not.toBe(secret);
    const deleted = await call('POST', `/api/master/webhooks/${id}/delete`, {});
    expect(deleted.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
    expect((await call('GET', `/api/master/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect((await actions()).slice(before).map((row) => row.action)).toEqual([
      'webhook.update',
      'webhook.status',
      'webhook.status',
      'webhook.secret',
      'webhook.delete',
    ]);
    expect(JSON.stringify(await actions())).not.toContain(renewed.json().secret.slice(6));
  });

  it('tells page.unpublished when a page is deactivated, and page.published when it is back', async () => {
    const { id } = await addEndpoint('/pages', ['page.published', 'page.unpublished']);
    const page = await db().selectFrom('pages').select('id').where('routing', '=', 'News').executeTakeFirstOrThrow();
    const status = (activeStatus: 'Y' | 'N') =>
      call('POST', '/api/master/activitydelstatus', { id: page.id, activeStatus });
    expect((await status('N')).statusCode).toBe(200);
    expect((await status('Y')).statusCode).toBe(200);
    await t.app.jobs.tick();
    const types = receiver.on('/pages').map((request) => JSON.parse(request.body));
    expect(types).toEqual([
      { type: 'page.unpublished', timestamp: expect.any(String), data: { page: { routing: 'News', locale: null } } },
      {
        type: 'page.published',
        timestamp: expect.any(String),
        data: { page: { routing: 'News', locale: null, revision: expect.any(Number) } },
      },
    ]);
    expect(await deliveries(id)).toHaveLength(2);
  });

  it('delivers form.submitted and enquiry.received with what the visitor sent, and no spam', async () => {
    await addEndpoint('/inbox', ['form.submitted', 'enquiry.received']);
    const formId = await createForm(t.app, admin, {
      name: 'Quote request',
      fields: [
        { key: 'name', label: 'Your name', kind: 'text', required: true },
        { key: 'email', label: 'Email', kind: 'email', required: true },
      ],
      recipients: [],
      confirmation: { enabled: false, subject: '', body: '' },
      successMessage: 'Thank you.',
      retentionDays: 30,
    });
    const sentForm = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}`,
      payload: {
        values: { name: 'Asha Rao', email: 'asha@example.com' },
        token: await issueSubmissionToken(t.app.tenants.default, formId, Date.now() - 60_000),
      },
      remoteAddress: `10.9.0.${(address += 1)}`,
    });
    expect(sentForm.statusCode, sentForm.body).toBe(200);
    const enquiry = {
      organization: 'Deccan Tools',
      name: 'Priya Patil',
      email: 'Priya@Example.in',
      mobile: '9876543210',
      requirements: 'A CRM, please.',
    };
    const sent = { ...enquiry, menupageid: 11, commonrouting: 'Contact' };
    const token = await issueFormToken(t.app.tenants.default, Date.now() - 60_000);
    const contact = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/master/savecont2',
        payload: sent,
        headers: cookie ? { cookie } : {},
        remoteAddress: `10.9.1.${(address += 1)}`,
      });
    expect((await contact(`${FORM_COOKIE}=${token}`)).statusCode).toBe(200);
    // Without its token the enquiry is kept as spam, and no one else hears of it.
    expect((await contact()).statusCode).toBe(200);
    await t.app.jobs.tick();
    const bodies = receiver.on('/inbox').map((request) => JSON.parse(request.body));
    expect(bodies).toEqual([
      {
        type: 'form.submitted',
        timestamp: expect.any(String),
        data: {
          form: { id: formId, name: 'Quote request' },
          submission: {
            id: sentForm.json().id,
            values: { name: 'Asha Rao', email: 'asha@example.com' },
            files: [],
            locale: null,
          },
        },
      },
      {
        type: 'enquiry.received',
        timestamp: expect.any(String),
        data: { enquiry: { id: expect.any(Number), ...enquiry, email: 'priya@example.in' } },
      },
    ]);
  });

  it('switches off an endpoint whose deliveries all failed for 24 hours and mails its owner; on again clears it', async () => {
    const { id } = await addEndpoint('/down');
    receiver.answer('/down', { status: 503, body: 'Down for maintenance' });
    await publishNews('Into the void');
    const [delivery] = await deliveries(id);
    let clock = Date.now();
    const t0 = clock;
    await t.app.jobs.tick(() => new Date(clock));
    for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
      expect(await endpoint(id)).toMatchObject({ active: true });
      clock += wait;
      await t.app.jobs.tick(() => new Date(clock));
    }
    expect(clock - t0).toBeGreaterThan(24 * HOUR);
    expect(receiver.on('/down')).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect(await deliveries(id)).toEqual([
      expect.objectContaining({ id: delivery!.id, status: 'failed', attempts: 8, responseCode: 503 }),
    ]);
    const off = await endpoint(id);
    expect(off).toMatchObject({
      active: false,
      failingSince: new Date(t0).toISOString(),
      switchedOffAt: new Date(clock).toISOString(),
    });
    expect(off!.switchedOffWhy).toContain('every delivery failed since');
    const mail = smtp.received.find((received) =>
      received.parsed.subject?.includes('webhook endpoint was switched off'),
    );
    expect(mail?.envelopeTo).toEqual(['hema@example.in']);
    expect(mail?.parsed.text).toContain(receiver.url('/down'));
    expect(mail?.parsed.text).toContain('https://folio.example/webhooks');
    expect((await actions()).at(-1)).toMatchObject({ action: 'webhook.switched_off' });
    // Off: a new event is not delivered to it.
    await publishNews('Still switched off');
    expect(await deliveries(id)).toHaveLength(1);
    const on = await call('POST', `/api/master/webhooks/${id}/active`, { active: true });
    expect(on.json().message).toBe(WEBHOOK_MESSAGES.switchedOn);
    expect(await endpoint(id)).toMatchObject({
      active: true,
      failingSince: null,
      switchedOffAt: null,
      switchedOffWhy: null,
    });
  });

  it("keeps each tenant's endpoints its own: another tenant's ids are 404 and its events do not reach them", async () => {
    const { id } = await addEndpoint('/ours');
    await publishNews('For us and nobody else');
    await t.app.jobs.tick();
    const [delivery] = await deliveries(id);
    for (const [method, url] of [
      ['GET', `/api/master/webhooks/${id}/deliveries`],
      ['POST', `/api/master/webhooks/${id}/active`],
      ['POST', `/api/master/webhooks/${id}/delete`],
      ['GET', `/api/master/webhooks/deliveries/${delivery!.id}`],
      ['POST', `/api/master/webhooks/deliveries/${delivery!.id}/redeliver`],
    ] as const) {
      const answer = await call(method, url, method === 'POST' ? { active: true } : undefined, acmeAdmin);
      expect([url, answer.statusCode]).toEqual([url, 404]);
    }
    expect((await call('GET', '/api/master/webhooks', undefined, acmeAdmin)).json()).toEqual({ items: [] });
  });

  it.runIf(dialect === 'postgres')(
    'delivers each event once with two instances on one database, both ticking',
    async () => {
      const second = await createTestApp(
        dialect,
        { WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1', TENANTS: 'default,acme' },
        { sameDatabaseAs: t },
      );
      try {
        const { id } = await addEndpoint('/twice');
        for (const words of ['The first one', 'The second one', 'The third one']) await publishNews(words);
        await Promise.all([t.app.jobs.tick(), second.app.jobs.tick(), t.app.jobs.tick(), second.app.jobs.tick()]);
        const ids = receiver.on('/twice').map((request) => request.headers['webhook-id']);
        expect(ids).toHaveLength(3);
        expect(new Set(ids).size).toBe(3);
        expect((await deliveries(id)).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
      } finally {
        await second.close();
      }
    },
  );
});

/** Without WEBHOOKS_ALLOW_*: http and addresses of the server's own networks are refused, at save and at delivery. */
describe.each(testDialects())('webhook targets refused on %s', (dialect) => {
  let t: TestApp;
  let admin: LoggedIn;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp(dialect);
    await createUser(t.app.tenants.default.db, { username: 'strict', password: ADMIN_PASSWORD, groupId: 1 });
    admin = await logIn(t.app, 'strict', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await receiver.stop();
  });

  const save = (url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/master/webhooks',
      headers: admin.headers,
      payload: { url, events: ['page.published'] },
    });

  it('refuses http and a host name that resolves to 127.0.0.1 at save, with a sentence at the field', async () => {
    const http = await save(receiver.url('/hook'));
    expect(http.statusCode).toBe(400);
    expect(http.json()).toEqual({ message: WEBHOOK_MESSAGES.httpsOnly, field: 'url' });
    const local = await save(`https://localhost:${receiver.port}/hook`);
    expect(local.statusCode).toBe(400);
    expect(local.json()).toEqual({
      message: WEBHOOK_MESSAGES.privateTarget('localhost', '127.0.0.1', 'loopback'),
      field: 'url',
    });
    const withPassword = await save('https://user:secret@hooks.example.com/in');
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().message).toBe(WEBHOOK_MESSAGES.credentials);
    expect(await t.app.tenants.default.db.selectFrom('webhooks').select('id').execute()).toEqual([]);
  });

  it('checks again at each delivery: an endpoint that leads to loopback gets a failed attempt saying why', async () => {
    const db = t.app.tenants.default.db;
    // As if it had been saved while the address led elsewhere (or while private targets were allowed).
    const made = await db
      .insertInto('webhooks')
      .values({
        url: `https://localhost:${receiver.port}/hook`,
        events: JSON.stringify(['page.published']),
        secret: '',
        owner_id: null,
        owner_name: 'strict',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sealed = t.app.webhooks.tools.box.sealFor(
      `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
      secretOwner(made.id),
    );
    await db.updateTable('webhooks').set({ secret: sealed }).where('id', '=', made.id).execute();
    const read = (await t.app.inject({ method: 'GET', url: '/api/master/edit/News', headers: admin.headers })).json();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/master/savenews',
      headers: admin.headers,
      payload: { ...read, publish: 'now' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.jobs.tick();
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/master/webhooks/${made.id}/deliveries`,
      headers: admin.headers,
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        responseCode: null,
        error: WEBHOOK_MESSAGES.privateTarget('localhost', '127.0.0.1', 'loopback'),
      }),
    ]);
    expect(receiver.received).toEqual([]);
  });
});
