import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * How two-step sign-in secrets are kept at rest (decision 016): with SECRET_KEY set, sealed with AES-256-GCM
 * under a key derived from it (HKDF-SHA256), the user's id bound in as associated data so a sealed secret
 * cannot be moved to another user; without SECRET_KEY, kept as they are (marked so), and the server warns at
 * start. A value says which it is, so setting SECRET_KEY later seals the secrets enrolled from then on and
 * still reads the earlier ones.
 */
const SEALED = 'v1:';
const PLAIN = 'plain:';

export class SecretBox {
  private readonly key: Buffer | null;

  constructor(secretKey: string | undefined) {
    this.key = secretKey ? Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'base64'), 'folio', 'two-step sign-in secret', 32)) : null;
  }

  get sealing(): boolean {
    return this.key !== null;
  }

  seal(secret: string, userId: number): string {
    if (!this.key) return `${PLAIN}${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${SEALED}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /**
   * The secret of a stored value, or null when it cannot be read: sealed while SECRET_KEY is missing or another
   * key (decision 016: its user signs in with a recovery code, or an administrator turns it off).
   */
  tryOpen(stored: string, userId: number): string | null {
    try {
      return this.open(stored, userId);
    } catch {
      return null;
    }
  }

  /** The secret of a stored value; throws when it is sealed and the key is missing or another. */
  open(stored: string, userId: number): string {
    if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
    if (!stored.startsWith(SEALED)) throw new Error('Unknown form of a stored two-step secret.');
    if (!this.key) throw new Error('This two-step secret is sealed, and SECRET_KEY is not set.');
    const [iv, tag, body] = stored.slice(SEALED.length).split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
  }
}
