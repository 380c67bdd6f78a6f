/** What the contact form says after a send: the server's page after a post without JavaScript, and the island. */
export const CONTACT_OUTCOME = {
  sent: 'Record Saved Successfully!',
  /** The request itself failed (network, server down). */
  failed: 'Failed to save data. Please try again.',
  /** The server refused without saying why. */
  refused: 'Something went wrong',
} as const;
