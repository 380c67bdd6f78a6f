import { ApiError, FALLBACK_MESSAGE } from '../lib/api';

/** The save messages of spec 000 §8. */
export const SAVE_MESSAGES = {
  saved: 'Record Saved Successfully!',
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
