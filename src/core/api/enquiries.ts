import {
  EnquiryActionAnswerSchema,
  EnquiryExportQuerySchema,
  EnquiryIdSchema,
  EnquiryListRequestSchema,
  EnquiryListSchema,
  EnquiryRowSchema,
  EnquiryStatusChangeSchema,
} from '../schemas/enquiries';
import { fileReply, route, screenErrors } from './route';

/** Enquiries (docs/design.md §15): the public form's call, and the enquiries screen's list, changes and export. */
const screen = { screen: 'enquiries' } as const;

export const getEnquiries = route({
  method: 'POST',
  path: '/api/master/getenquiries',
  body: EnquiryListRequestSchema,
  reply: EnquiryListSchema,
  errors: screenErrors(),
  access: screen,
  scope: 'enquiries:read',
});
export const getEnquiry = route({
  method: 'POST',
  path: '/api/master/getenquiry',
  body: EnquiryIdSchema,
  reply: EnquiryRowSchema,
  errors: screenErrors(404),
  access: screen,
  scope: 'enquiries:read',
});
export const changeEnquiryStatus = route({
  method: 'POST',
  path: '/api/master/changeEnquiryStatus',
  body: EnquiryStatusChangeSchema,
  reply: EnquiryActionAnswerSchema,
  errors: screenErrors(404),
  access: screen,
});
export const resendEnquiry = route({
  method: 'POST',
  path: '/api/master/resendEnquiry',
  body: EnquiryIdSchema,
  reply: EnquiryActionAnswerSchema,
  errors: screenErrors(404, 409),
  access: screen,
});
export const deleteEnquiry = route({
  method: 'POST',
  path: '/api/master/deleteEnquiry',
  body: EnquiryIdSchema,
  reply: EnquiryActionAnswerSchema,
  errors: screenErrors(404),
  access: screen,
});
/** The current filter as a CSV file (a download: the staff app links to it). */
export const exportEnquiries = route({
  method: 'GET',
  path: '/api/master/enquiries.csv',
  query: EnquiryExportQuerySchema,
  reply: fileReply('text/csv; UTF-8 with BOM, CRLF, every field quoted.'),
  replyType: 'text/csv',
  errors: screenErrors(),
  access: screen,
  scope: 'enquiries:read',
});
