/** What the contact form says after a send: the server's page after a post without JavaScript, and the island. */
export const CONTACT_OUTCOME = {
  sent: 'Thank you. Your enquiry has reached us, and we will reply soon.',
  /** The request itself failed (network, server down). */
  failed: 'Your enquiry could not be sent. Please try again.',
  /** The server refused without saying why. */
  refused: 'Your enquiry could not be sent. Please check the form and try again.',
} as const;
