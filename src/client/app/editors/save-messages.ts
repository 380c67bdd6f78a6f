import type { Scheduled } from '../../../core/schemas/revision';
import { ApiError, FALLBACK_MESSAGE } from '../lib/api';
import { formatDateTime } from '../lib/date-time';

/**
 * A save the server refused about one field (`{message, field}`, docs/design.md §25): the field's path in the document
 * (`skillList.2.skillName`, `exprtshead`) and the sentence; `at` tells one refusal from the next of the same field.
 */
export interface SaveRefusal {
  path: string;
  message: string;
  at: number;
}

/** The save messages of spec 000 §8 (its "Record Saved Successfully!" is said as what happened: PUBLISH_TOASTS). */
export const SAVE_MESSAGES = {
  error: 'An error occurred while saving data.',
  failed: 'Failed to save data. Please try again.',
  discardEdits: 'Discard your unsaved edits?',
  draftRestored: 'Unsaved edits from your last visit were restored.',
} as const;

/** The toast for a save whose answer was not 'Success' (a 2xx answer carrying another message). */
export function saveAnswerMessage(message: string): string {
  if (message === 'error') return SAVE_MESSAGES.error;
  return message.trim() === '' ? FALLBACK_MESSAGE : message;
}

/** The toast for a save (or restore) that failed: the server's sentence, or the catalogue's when no answer came. */
export function saveFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return SAVE_MESSAGES.failed;
  return saveAnswerMessage(error.message);
}

type FormatTime = (iso: string) => string;

/**
 * The toasts of the publishing actions (docs/design.md §19, §34): each says what it did in plain words (a publication, the
 * spec's "Record Saved Successfully!", says it was saved and published); a schedule names its moment.
 */
export const PUBLISH_TOASTS = {
  published: (unscheduled: Scheduled | null, format: FormatTime = formatDateTime) =>
    `Saved and published: visitors see it now.${unscheduled ? ` ${scheduleCancelledBy(unscheduled, format)}` : ''}`,
  draftSaved: (published: number | null) =>
    published === null
      ? 'Draft saved. Nothing is published yet: visitors do not see it.'
      : `Draft saved. Visitors still see revision ${published}.`,
  scheduled: (publishAt: string, format: FormatTime = formatDateTime) =>
    `Scheduled: the page will be published on ${format(publishAt)}.`,
  unscheduled: (cancelled: Scheduled, format: FormatTime = formatDateTime) =>
    `Schedule cancelled: revision ${cancelled.revision} will not be published on ${format(cancelled.publishAt)}. It stays saved as a draft.`,
  nothingToPublish: (published: number | null) =>
    published === null
      ? 'Nothing new to publish.'
      : `Nothing new to publish: visitors already see revision ${published}, the newest.`,
  nothingToSave: 'There are no unsaved changes to save as a draft.',
  inReview: 'It goes live once someone else approves it.',
  nothingToSchedule: (published: number | null) =>
    published === null
      ? 'Nothing new to schedule.'
      : `Nothing new to schedule: visitors already see revision ${published}, the newest.`,
} as const;

function scheduleCancelledBy(cancelled: Scheduled, format: FormatTime): string {
  return `The schedule of revision ${cancelled.revision} for ${format(cancelled.publishAt)} was cancelled.`;
}
