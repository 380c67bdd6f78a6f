import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTACT_FORM_FIELDS,
  contactFieldErrors,
  type ContactFormField,
  type ContactFormState,
} from '../../core/public-page';
import type { AppConfig } from '../config';
import { CONTACT_RATE_LIMIT, enquirySchemaOf } from '../enquiries/enquiries.routes';
import { submitEnquiry } from '../enquiries/enquiries.service';
import type { MailOutbox } from '../enquiries/mail-outbox';
import { FORM_COOKIE, FORM_TOKEN_MAX_AGE_S, issueFormToken } from '../enquiries/spam-guard';
import { serveCached } from './hot-path';
import { CONTACT_PAGE } from './public-addresses';
import type { Page } from '../pages/page-kind';
import { findPage, publicPagesOf } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { buildNotFound, buildPage, renderNotFound, renderPage, type RenderSite } from './render-page';

interface ContactFormOptions {
  site: RenderSite;
  config: AppConfig;
  outbox: MailOutbox;
}

/** The contact page: its view with the spam guard's cookie, and its form posted without JavaScript (docs/design.md §15). */
export async function contactFormRoutes(app: FastifyInstance, options: ContactFormOptions): Promise<void> {
  app.get(
    CONTACT_PAGE.publicPath,
    contactPageView(app, options, (request) => contactPage(request.tenant)),
  );
  // The page in another language (docs/design.md §28): `/de/Contact1`, a language visitors can read, or the site's 404.
  const inLocale = contactPageView(
    app,
    options,
    async (request) => (await publicPagesOf(request.tenant)).get(request.url.split('?')[0]!) ?? null,
  );
  app.get<{ Params: { locale: string } }>(`/:locale${CONTACT_PAGE.publicPath}`, async (request, reply) => {
    if (!(await publicPagesOf(request.tenant)).has(`/${request.params.locale}${CONTACT_PAGE.publicPath}`))
      return reply.callNotFound();
    return inLocale(request, reply);
  });
  // The form without JavaScript: the browser posts the fields to the page (form-encoded, which only this route
  // takes); the answer is the page again.
  await app.register(async (form) => {
    await form.register(formbody);
    form.post(CONTACT_PAGE.publicPath, { config: { rateLimit: CONTACT_RATE_LIMIT } }, (request, reply) =>
      answerContactPost(options, request, reply, contactPage(request.tenant)),
    );
    // From the page in another language (docs/design.md §28): answered in it; an unknown language is the site's 404.
    form.post<{ Params: { locale: string } }>(
      `/:locale${CONTACT_PAGE.publicPath}`,
      { config: { rateLimit: CONTACT_RATE_LIMIT } },
      async (request, reply) => {
        const page = (await publicPagesOf(request.tenant)).get(`/${request.params.locale}${CONTACT_PAGE.publicPath}`);
        if (!page) return reply.callNotFound();
        return answerContactPost(options, request, reply, Promise.resolve(page));
      },
    );
  });
}

/**
 * The contact form's spam guard (docs/design.md §15): each view of the page gets a signed "served at" cookie; the page
 * itself stays cached. Private: a shared cache must not hand one visitor's cookie to another.
 */
function contactPageView(
  app: FastifyInstance,
  { site, config }: ContactFormOptions,
  pageOf: (request: FastifyRequest) => Promise<Page | null>,
) {
  const secure = config.publicBaseUrl.startsWith('https:');
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = app.serializeCookie(FORM_COOKIE, await issueFormToken(request.tenant), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: FORM_TOKEN_MAX_AGE_S,
    });
    // Its answers carry the visitor's own cookie: private to the browser.
    const page = await pageOf(request);
    const render = () =>
      page
        ? buildPage(site, request.tenant, page, { private: true })
        : buildNotFound(site, request.tenant, CONTACT_PAGE.publicPath);
    return serveCached(request, reply, page?.cacheKey ?? CONTACT_PAGE.key, render, cookie, page ?? undefined);
  };
}

/** The page again, with what was sent and a sentence per error (400), or the form emptied and the success message. */
async function answerContactPost(
  { site, config, outbox }: ContactFormOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  shown: Promise<Page | null>,
) {
  const sent = formFields(request.body);
  const parsed = (await enquirySchemaOf(request.tenant)).safeParse(sent);
  let state: ContactFormState;
  if (parsed.success) {
    await submitEnquiry(request.tenant, parsed.data, {
      token: request.cookies[FORM_COOKIE],
      minFillMs: config.contactMinFillMs,
      outbox,
    });
    state = { values: emptyContactValues(), errors: {}, sent: true };
  } else {
    state = { values: pickContactValues(sent), errors: contactFieldErrors(parsed.error.issues), sent: false };
  }
  const page = await shown;
  const { html } = page
    ? await renderPage(site, request.tenant, page, { mode: 'public', contactForm: state })
    : await renderNotFound(site, request.tenant, CONTACT_PAGE.publicPath);
  return reply
    .code(parsed.success ? 200 : 400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/** The contact page of the tenant's pages (resolvePage's read); null only for a tenant whose seed lacks it. */
const contactPage = (tenant: Tenant) => findPage(tenant, CONTACT_PAGE.routing);

/** The form's text fields as posted (a repeated field counts once; anything not text is left out). */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const name of [...CONTACT_FORM_FIELDS, 'website']) {
    const value = (body as Record<string, unknown>)[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

const emptyContactValues = () =>
  Object.fromEntries(CONTACT_FORM_FIELDS.map((f) => [f, ''])) as Record<ContactFormField, string>;
/** What the visitor sent, shown again in the form (at most what the fields take). */
const pickContactValues = (sent: Record<string, string>) =>
  Object.fromEntries(CONTACT_FORM_FIELDS.map((f) => [f, (sent[f] ?? '').slice(0, 5000)])) as Record<
    ContactFormField,
    string
  >;
