import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as submissions from '../../core/api/submissions';
import { FORM_LIMITS } from '../../core/schemas/forms';
import { FORM_POST_FIELDS, type FormPost } from '../../core/schemas/submissions';
import type { AppConfig } from '../config';
import type { FormMail } from './form-mail';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors';
import { sendCsv } from '../http/csv';
import { typed } from '../http/contract';
import {
  changeSubmissionStatus,
  getSubmission,
  getSubmissionFile,
  listSubmissions,
  SUBMISSION_CSV_COLUMNS,
  submissionCsvRecords,
  submitForm,
  type FormSubmission,
  type PostedFile,
} from './submissions.service';

/** Five submissions a minute from one address, then 429 with a sentence (docs/design.md §30). */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: '1 minute', groupId: 'forms' } as const;

/** The multipart limits of a form post: a field's file at most 10 MB; FORM_MAX_MB is checked over them all. */
export const FORM_MULTIPART_LIMITS = {
  fileSize: FORM_LIMITS.fileMaxMb * 1024 * 1024,
  files: FORM_LIMITS.fields,
  fields: 400,
  fieldSize: 20_000,
  parts: 450,
};

/**
 * What visitors send with forms (docs/design.md §30): the island's call (JSON, or multipart with files), and the inbox's
 * calls (the enquiries screen). In a plugin of their own: multipart forms are read here.
 */
export async function submissionRoutes(
  app: FastifyInstance,
  { config, mail }: { config: AppConfig; mail: FormMail },
): Promise<void> {
  await app.register(multipart, { limits: FORM_MULTIPART_LIMITS });
  const api = typed(app);
  api.route(submissions.sendForm, { config: { rateLimit: FORM_RATE_LIMIT } }, async (request) => {
    const posted = request.isMultipart() ? await readFormParts(request) : fromJson(request.body);
    const { id } = await submitForm(
      request.tenant,
      request.params.id,
      { ...posted, address: request.ip },
      { maxBytes: config.formMaxBytes, mail },
    );
    return { message: 'Success' as const, id };
  });
  api.route(submissions.listSubmissions, async (request) => listSubmissions(request.tenant, request.query));
  api.route(submissions.getSubmission, async (request) => getSubmission(request.tenant, request.params.id));
  api.route(submissions.getSubmissionFile, async (request, reply) => {
    const file = await getSubmissionFile(request.tenant, request.params.id, request.params.fileId);
    return reply
      .header('content-type', file.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', attachment(file.name))
      .send(file.bytes);
  });
  api.route(submissions.changeSubmissionStatus, async (request) =>
    changeSubmissionStatus(request.tenant, request.params.id, request.body.status, mail),
  );
  api.route(submissions.exportSubmissions, async (request, reply) =>
    sendCsv(reply, 'submissions', SUBMISSION_CSV_COLUMNS, submissionCsvRecords(request.tenant, request.query.form)),
  );
}

/** `Content-Disposition: attachment` with the file's name, ASCII for old clients and UTF-8 (RFC 6266) for the rest. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Posted = Omit<FormSubmission, 'address'>;

function fromJson(body: FormPost | undefined): Posted {
  if (!body) throw new ValidationError('Send the form’s values as JSON or as a multipart form.');
  return {
    values: body.values,
    files: new Map(),
    token: body.token,
    honeypot: body.honeypot,
    language: body.language ?? '',
  };
}

/** A multipart form post: its fields by key (several values of one key as a list), `_token`, `_website`, its files. */
export async function readFormParts(request: FastifyRequest): Promise<Posted> {
  const values: Record<string, string | string[]> = {};
  const files = new Map<string, PostedFile>();
  let token: string | undefined;
  let honeypot: string | undefined;
  let language = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) files.set(part.fieldname, { name: part.filename, bytes });
        continue;
      }
      const value = String(part.value);
      if (part.fieldname === FORM_POST_FIELDS.token) token = value;
      else if (part.fieldname === FORM_POST_FIELDS.honeypot) honeypot = value;
      else if (part.fieldname === FORM_POST_FIELDS.language) language = value.slice(0, 35);
      else {
        const before = values[part.fieldname];
        values[part.fieldname] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(`A file is larger than ${FORM_LIMITS.fileMaxMb} MB: choose a smaller one.`);
    throw new ValidationError('The form could not be read: send it again.');
  }
  return { values, files, token, honeypot, language };
}
