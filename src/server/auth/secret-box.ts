import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, SECRET_KEY_NEEDED, type AppConfig } from '../config';

/**
 * How two-step sign-in secrets are kept at rest (decision 016): sealed with AES-256-GCM under a key derived from
 * the server's key (HKDF-SHA256), the user's id bound in as associated data so a sealed secret cannot be moved
 * to another user. The server's key is SECRET_KEY, or on SQLite the key file in DATA_DIR (docs/design.md §24), so every
 * secret is sealed. Secrets stored as `plain:` by earlier versions (started without a key) are still read, and
 * sealed at the next start (seal-plain-secrets.ts).
 */
const SEALED = 'v1:';
const PLAIN = 'plain:';

/** The SQLite default's key, in DATA_DIR beside the database; kept out of backups (they hold rows only). */
export const SECRET_KEY_FILE = 'secret.key';
/** 32 bytes in base64, as `openssl rand -base64 32` prints them. */
const KEY_TEXT = /^[A-Za-z0-9+/]{43}=$/;

export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', Buffer.from(secretKey, 'base64'), 'folio', 'two-step sign-in secret', 32),
    );
  }

  seal(secret: string, userId: number): string {
    return this.sealFor(secret, `user:${userId}`);
  }

  /**
   * A secret of the firm's settings rather than a user's (the single sign-on client secret, decision 038): bound to
   * the setting's name instead of a user id, so it cannot be moved to another setting or user.
   */
  sealSetting(secret: string, setting: string): string {
    return this.sealFor(secret, `setting:${setting}`);
  }

  /** The secret of a setting sealed by sealSetting; throws when it is sealed under another key. */
  openSetting(stored: string, setting: string): string {
    return this.openFor(stored, `setting:${setting}`);
  }

  /**
   * Seals another secret (a webhook's signing secret: `webhook:7`), bound to what it belongs to as a user's is to the
   * user: sealed for one thing, it opens for no other.
   */
  sealFor(secret: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${SEALED}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** Whether a stored value is a secret kept as it is, to be sealed. */
  static isPlain(stored: string): boolean {
    return stored.startsWith(PLAIN);
  }

  /**
   * The secret of a stored value, or null when it cannot be read: sealed under another key (decision 016: its
   * user signs in with a recovery code, or an administrator turns it off).
   */
  tryOpen(stored: string, userId: number): string | null {
    try {
      return this.open(stored, userId);
    } catch {
      return null;
    }
  }

  /** The secret of a stored value; throws when it is sealed under another key. */
  open(stored: string, userId: number): string {
    if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
    return this.openFor(stored, `user:${userId}`);
  }

  /** A secret sealed with `sealFor` for `boundTo`; throws when it is sealed under another key or for another owner. */
  openFor(stored: string, boundTo: string): string {
    if (!stored.startsWith(SEALED)) throw new Error('Unknown form of a stored secret.');
    const [iv, tag, body] = stored.slice(SEALED.length).split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
  }
}

/**
 * The server's key: SECRET_KEY when set; else, on SQLite, the one in DATA_DIR/secret.key, made (32 random bytes,
 * readable by the server's user only) at the first start (`madeFile` then names it) and read at every later one. PostgreSQL has no such
 * default: its instances may run on several machines, and all need the same key (loadConfig refuses the start).
 */
export function sealingKey(config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir'>): {
  key: string;
  madeFile?: string;
} {
  if (config.secretKey) return { key: config.secretKey };
  if (config.databaseUrl) throw new ConfigError(`Invalid configuration:\n  ${SECRET_KEY_NEEDED}`);
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const made = !fs.existsSync(file) && makeKeyFile(file);
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!KEY_TEXT.test(text)) {
    throw new ConfigError(
      `${file} does not hold a key Folio can use: it must be 32 random bytes in base64, as \`openssl rand -base64 32\` prints them. Put back the copy you kept of it, or set SECRET_KEY to that key. Moving the file away makes Folio make a new key at the next start; everyone who uses two-step sign-in must then sign in with a recovery code and set it up again.`,
    );
  }
  return made ? { key: text, madeFile: file } : { key: text };
}

/**
 * Writes a new key whole under a name of its own, then links it into place: two servers starting at once on
 * one folder end up with the same key (the second link fails, and that server reads the first one's), and
 * nobody reads a half-written file.
 */
function makeKeyFile(file: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
