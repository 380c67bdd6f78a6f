import { MAIL_STATE_LABELS, type EnquiryRow } from '../../core/schemas/enquiries';
import { readableTime } from '../http/csv';

/** The export's columns (docs/design.md §15), in order. */
export const ENQUIRY_CSV_COLUMNS = [
  'Received',
  'Status',
  'Organization',
  'Contact Person',
  'Email',
  'Mobile',
  'Requirements',
  'Mail',
  'Mail detail',
] as const;
type Column = (typeof ENQUIRY_CSV_COLUMNS)[number];

function mailDetail(row: EnquiryRow): string {
  const { mail } = row;
  switch (mail.state) {
    case 'sent':
      return `Sent ${readableTime(mail.sentAt)}`;
    case 'retrying':
      return `${mail.lastError ?? ''}; next attempt ${readableTime(mail.nextAttemptAt)}`;
    case 'failed':
      return mail.lastError ?? '';
    case 'queued':
    case 'none':
      return '';
  }
}

/** One enquiry as a CSV record (sendCsv neutralises every cell). */
export function csvRecordOf(row: EnquiryRow): Record<Column, string> {
  return {
    Received: readableTime(row.createdAt),
    Status: row.status,
    Organization: row.organization,
    'Contact Person': row.name,
    Email: row.email,
    Mobile: row.mobile,
    Requirements: row.requirements,
    Mail: MAIL_STATE_LABELS[row.mail.state],
    'Mail detail': mailDetail(row),
  };
}
