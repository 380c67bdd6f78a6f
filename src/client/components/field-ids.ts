/**
 * How a field frame ties its hint and error to the control. Shared by the frame (`field.tsx`, rendered on the
 * server and in the staff app) and the contact form island, which shows and hides errors in the server's markup
 * without React: both must name them alike or a screen reader would lose the error.
 */
export const fieldHintId = (controlId: string) => `${controlId}-hint`;
export const fieldErrorId = (controlId: string) => `${controlId}-error`;

/** aria-describedby of a control: its hint, then its error; undefined when it has neither. */
export const describedBy = (hintId: string | undefined, errorId: string | undefined): string | undefined =>
  [hintId, errorId].filter(Boolean).join(' ') || undefined;
