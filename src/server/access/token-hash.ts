import { createHash } from 'node:crypto';

/** What is kept of a bearer secret (a session's token, an API token): its SHA-256, never the secret itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
