import { MAIL_STATE_LABELS, type EnquiryRow } from '../../core/schemas/enquiries';

/** The export's columns (DESIGN §15), in order. */
export const ENQUIRY_CSV_COLUMNS = ['Received', 'Status', 'Organization', 'Contact Person', 'Email', 'Mobile', 'Requirements', 'Mail', 'Mail detail'] as const;
type Column = (typeof ENQUIRY_CSV_COLUMNS)[number];

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return before one) gets a
 * leading apostrophe: shown as text, never run (OWASP's CSV injection advice).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `2026-11-23 10:15:00 UTC`: sortable, and read alike by every spreadsheet. */
const readableTime = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '');

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

/** One enquiry as a CSV record, every cell neutralised. */
export function csvRecordOf(row: EnquiryRow): Record<Column, string> {
  const record: Record<Column, string> = {
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
  for (const column of ENQUIRY_CSV_COLUMNS) record[column] = neutralise(record[column]);
  return record;
}
