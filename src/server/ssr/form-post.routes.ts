import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sayFormWord } from '../../core/forms/form-words';
import type { PublicFormState } from '../../core/public-page';
import { DATABASE_INTEGER_MAX } from '../../core/schemas/ids';
import { FORM_POST_FIELDS } from '../../core/schemas/submissions';
import type { AppConfig } from '../config';
import { AppError, NotFoundError, PayloadTooLargeError, TooManyRequestsError } from '../errors';
import type { FormMail } from '../forms/form-mail';
import { formWordsIn } from '../forms/public-form';
import { FORM_MULTIPART_LIMITS, FORM_RATE_LIMIT, readFormParts } from '../forms/submissions.routes';
import { FormRefusedError, submitForm, type FormSubmission } from '../forms/submissions.service';
import type { Page } from '../pages/page-kind';
import { publicPagesOf } from '../pages/resolve-page';
import { renderNotFound, renderPage, type RenderSite } from './render-page';

/** Every form of a page, in a form state: `?sent=1` shows the success message under each form of the page. */
export const EVERY_FORM = 0;

/**
 * A form made without code posted without JavaScript (docs/design.md §30): to the page's own address, form-encoded or
 * multipart (a form with a file field). Kept: 303 to the page with `?sent=1`, which shows the success message.
 * Refused: the page again with every value kept and a sentence at each refused field (400), or a sentence above
 * the fields (413 for files too large together; 429 for too many posts from one address, in the page's language).
 * In a plugin of its own: only these routes read such bodies, and only their floods are answered with a page.
 */
export async function formPostRoutes(
  app: FastifyInstance,
  options: { site: RenderSite; config: AppConfig; mail: FormMail },
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody);
    await scope.register(multipart, { limits: FORM_MULTIPART_LIMITS });
    // The island's call and these posts share one count (FORM_RATE_LIMIT's group). Counted before the handler but
    // after a form-encoded body is parsed (preHandler; a multipart one is still unread), so that a flood's answer can be
    // the page with what was typed kept (floodedPage).
    const limit = {
      config: {
        rateLimit: { ...FORM_RATE_LIMIT, hook: 'preHandler', errorResponseBuilder: () => new TooManyRequestsError() },
      },
    } as const;
    scope.setErrorHandler(async (error, request, reply) => {
      if (!(error instanceof TooManyRequestsError)) throw error;
      const { locale, page } = request.params as { locale?: string; page?: string };
      const answered = await floodedPage(options.site, request, reply, locale ? `/${locale}/${page}` : `/${page}`);
      if (!answered) throw error;
      return answered;
    });
    scope.post<{ Params: { page: string } }>('/:page', limit, (request, reply) =>
      answerFormPost(options, request, reply, `/${request.params.page}`),
    );
    scope.post<{ Params: { locale: string; page: string } }>('/:locale/:page', limit, (request, reply) =>
      answerFormPost(options, request, reply, `/${request.params.locale}/${request.params.page}`),
    );
  });
}

/** The page with its forms in a state (after a post, or `?sent=1`), never cached: it holds what one visitor sent. */
export async function sendPageWithForm(
  site: RenderSite,
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  formState: PublicFormState,
  status = 200,
): Promise<FastifyReply> {
  const { html } = await renderPage(site, request.tenant, page, { mode: 'public', formState });
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

async function answerFormPost(
  { site, config, mail }: { site: RenderSite; config: AppConfig; mail: FormMail },
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<FastifyReply> {
  const page = (await publicPagesOf(request.tenant)).get(pathname);
  if (!page || page.kind.name !== 'page-builder') {
    const { html } = await renderNotFound(site, request.tenant, pathname);
    return reply.code(404).type('text/html; charset=utf-8').send(html);
  }
  let posted: Omit<FormSubmission, 'address'> & { formId: number };
  try {
    posted = request.isMultipart() ? withFormId(await readFormParts(request)) : fromFormBody(request.body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return sendPageWithForm(site, request, reply, page, problemState(EVERY_FORM, error.message), error.statusCode);
  }
  const { formId, ...submission } = posted;
  const kept = { formId, values: keptValues(submission.values), errors: {}, sent: false };
  try {
    await submitForm(
      request.tenant,
      formId,
      { ...submission, address: request.ip, language: page.inDefaultLanguage ? '' : page.locale },
      { maxBytes: config.formMaxBytes, mail },
    );
  } catch (error) {
    if (error instanceof FormRefusedError) {
      const errors = Object.fromEntries(error.problems.map((problem) => [problem.field, problem.message]));
      return sendPageWithForm(site, request, reply, page, { ...kept, errors }, 400);
    }
    if (error instanceof PayloadTooLargeError)
      return sendPageWithForm(site, request, reply, page, { ...kept, problem: error.message }, 413);
    if (error instanceof NotFoundError)
      return sendPageWithForm(site, request, reply, page, problemState(formId, error.message), 404);
    throw error;
  }
  return reply.redirect(`${pathname}?sent=1#form-${formId}`, 303);
}

/**
 * A post over the limit (docs/design.md §30): the page again, 429, with what was typed kept and the sentence above the
 * form's fields in the page's language. Null for an address that is no page made without code (the JSON answer).
 */
async function floodedPage(
  site: RenderSite,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<FastifyReply | null> {
  const page = (await publicPagesOf(request.tenant)).get(pathname);
  if (!page || page.kind.name !== 'page-builder') return null;
  let posted: { formId: number; values: FormSubmission['values'] } = { formId: EVERY_FORM, values: {} };
  try {
    posted = request.isMultipart() ? withFormId(await readFormParts(request)) : fromFormBody(request.body);
  } catch (error) {
    // A body that cannot be read, or names no form: the sentence above every form of the page.
    if (!(error instanceof AppError)) throw error;
  }
  const words = await formWordsIn(request.tenant, page.inDefaultLanguage ? undefined : page.locale);
  const state = {
    formId: posted.formId,
    values: keptValues(posted.values),
    errors: {},
    problem: sayFormWord(words, 'form.tooMany'),
    sent: false,
  };
  return sendPageWithForm(site, request, reply, page, state, 429);
}

const problemState = (formId: number, problem: string): PublicFormState => ({
  formId,
  values: {},
  errors: {},
  problem,
  sent: false,
});

/** What is shown again in the fields after a refusal: the texts as sent (never a file), each at most 5,000 characters. */
function keptValues(values: FormSubmission['values']): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, 5000) : [...(value ?? [])].map((one) => one.slice(0, 200)),
    ]),
  );
}

/** The form's id (`_form`) out of its other fields. */
function withFormId(posted: Omit<FormSubmission, 'address'>): Omit<FormSubmission, 'address'> & { formId: number } {
  const { [FORM_POST_FIELDS.form]: id, ...values } = posted.values;
  return { ...posted, values, formId: formIdOf(id) };
}

/** A form-encoded post: its fields by key (a repeated one as a list), the form's id, its token and hidden field. */
function fromFormBody(body: unknown): Omit<FormSubmission, 'address'> & { formId: number } {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values: Record<string, string | string[]> = {};
  let token: string | undefined;
  let honeypot: string | undefined;
  for (const [key, raw] of Object.entries(fields)) {
    const value = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : raw;
    if (typeof value !== 'string' && !Array.isArray(value)) continue;
    if (key === FORM_POST_FIELDS.token) token = [value].flat()[0];
    else if (key === FORM_POST_FIELDS.honeypot) honeypot = [value].flat()[0];
    else if (key !== FORM_POST_FIELDS.language) values[key] = value;
  }
  return withFormId({ values, files: new Map(), token, honeypot, language: '' });
}

/** The id a form post names; one that is no id is no form of this page (404 with a sentence). */
function formIdOf(id: string | readonly string[] | undefined): number {
  const number = Number([id].flat()[0]);
  if (!Number.isInteger(number) || number < 1 || number > DATABASE_INTEGER_MAX)
    throw new NotFoundError('This form is no longer on the page: reload the page and send it again.');
  return number;
}
