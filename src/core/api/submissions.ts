import {
  FormPostSchema,
  FormSentSchema,
  SubmissionExportQuerySchema,
  SubmissionFileParamsSchema,
  SubmissionIdParamsSchema,
  SubmissionListQuerySchema,
  SubmissionListSchema,
  SubmissionSchema,
  SubmissionStatusChangeSchema,
} from '../schemas/submissions';
import { FormIdParamsSchema } from '../schemas/forms';
import { fileReply, route, screenErrors } from './route';

/**
 * What visitors send with forms made without code (docs/design.md §30): the public form's call, and the one inbox
 * (the enquiries screen's Form filter and Spam tab): a submission, its files, its status and the CSV.
 */
const inbox = { screen: 'enquiries' } as const;

/** The island's post: JSON, or multipart/form-data when the form has a file field (the server reads both). */
export const sendForm = route({
  method: 'POST',
  path: '/api/forms/:id',
  params: FormIdParamsSchema,
  // Absent for a multipart post: the handler reads its parts (the fields by key, `_token`, `_website`, the files).
  body: FormPostSchema.optional(),
  reply: FormSentSchema,
  errors: [400, 404, 413, 415, 429],
  access: { public: true },
});
export const listSubmissions = route({
  method: 'GET',
  path: '/api/master/submissions',
  query: SubmissionListQuerySchema,
  reply: SubmissionListSchema,
  errors: screenErrors(),
  access: inbox,
});
export const getSubmission = route({
  method: 'GET',
  path: '/api/master/submissions/:id',
  params: SubmissionIdParamsSchema,
  reply: SubmissionSchema,
  errors: screenErrors(404),
  access: inbox,
});
/** A submission's file, as an attachment (`nosniff`): staff only, never on a public address. */
export const getSubmissionFile = route({
  method: 'GET',
  path: '/api/master/submissions/:id/files/:fileId',
  params: SubmissionFileParamsSchema,
  reply: fileReply('The file as it was sent, as an attachment.'),
  replyType: 'application/octet-stream',
  errors: screenErrors(404),
  access: inbox,
});
/** Inbox, Spam or Handled: "Not spam" moves a submission to the inbox. */
export const changeSubmissionStatus = route({
  method: 'POST',
  path: '/api/master/submissions/:id/status',
  params: SubmissionIdParamsSchema,
  body: SubmissionStatusChangeSchema,
  reply: SubmissionSchema,
  errors: screenErrors(404),
  access: inbox,
});
/** A form's submissions (or every form's) as CSV; a cell that begins with = + - @ is prefixed with '. */
export const exportSubmissions = route({
  method: 'GET',
  path: '/api/master/submissions.csv',
  query: SubmissionExportQuerySchema,
  reply: fileReply('text/csv; UTF-8 with BOM, CRLF, every field quoted.'),
  replyType: 'text/csv',
  errors: screenErrors(),
  access: inbox,
});
