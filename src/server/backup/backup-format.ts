import { z } from 'zod';

/**
 * Folio's backup file (docs/design.md §22, decision 018): gzip-compressed JSON lines, the same whatever the database.
 *
 *   {"format":"folio-backup","formatVersion":1,…}          the header: who made it, when, which tenants
 *   {"tenant":"default","table":"users","columns":[…]}      a table of a tenant: its columns, then
 *   [1,"admin",…]                                           its rows, one JSON array per line, in key order
 *   …
 *   {"manifest":{…,"tables":[…],"sha256":"…"}}             the last line: row counts and the SHA-256 of every
 *                                                            line above it (uncompressed, newlines included)
 *
 * The manifest comes last because a backup streams: counts and the checksum are known only at the end. A file
 * cut short has no manifest and is refused; one whose lines do not hash to the manifest's sum is refused.
 */
export const BACKUP_FORMAT = 'folio-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Every table of a tenant's database, with the columns that order its rows (its primary key), in an order
 * that keeps references pointing backwards (the restore does not depend on it: it checks references once all
 * rows are in). Kysely's own migration tables are not here: a restore makes them by migrating.
 * A test checks this list against a freshly migrated database, so a new table cannot be forgotten.
 */
export const BACKUP_TABLES: ReadonlyArray<{
  readonly name: string;
  readonly key: readonly string[];
  readonly batch?: number;
}> = [
  { name: 'modules', key: ['id'] },
  { name: 'user_groups', key: ['id'] },
  { name: 'users', key: ['id'] },
  { name: 'pages', key: ['id'] },
  { name: 'page_revisions', key: ['page_id', 'revision'], batch: 200 },
  { name: 'page_parameters', key: ['id'] },
  { name: 'field_rules', key: ['id'] },
  { name: 'menu_items', key: ['id'] },
  { name: 'master_types', key: ['id'] },
  { name: 'master_values', key: ['id'] },
  { name: 'company', key: ['id'] },
  { name: 'settings', key: ['key'] },
  { name: 'enquiries', key: ['id'] },
  { name: 'mail_jobs', key: ['id'] },
  { name: 'mail_messages', key: ['id'] },
  { name: 'sessions', key: ['id'] },
  { name: 'password_resets', key: ['id'] },
  { name: 'recovery_codes', key: ['id'] },
  { name: 'sign_in_challenges', key: ['id'] },
  { name: 'rate_limits', key: ['key'] },
  { name: 'jobs', key: ['id'] },
  // An image row holds its bytes (up to UPLOAD_MAX_BYTES): a few at a time keep memory flat.
  { name: 'images', key: ['folder', 'name'], batch: 8 },
  { name: 'media', key: ['id'] },
  { name: 'audit_log', key: ['id'] },
  { name: 'preview_shares', key: ['id'] },
  { name: 'page_editors', key: ['page_id', 'user_id', 'locale'] },
  { name: 'page_comments', key: ['id'] },
  { name: 'redirects', key: ['id'] },
  { name: 'not_found', key: ['path'] },
  { name: 'forms', key: ['id'] },
  { name: 'form_submissions', key: ['id'] },
  // A submission's file holds its bytes (up to FORM_MAX_MB): a few at a time, as images.
  { name: 'form_files', key: ['id'], batch: 8 },
  { name: 'visit_days', key: ['routing', 'locale', 'day'] },
  { name: 'visit_sources', key: ['routing', 'day', 'kind', 'name'] },
  { name: 'releases', key: ['id'] },
  { name: 'release_items', key: ['release_id', 'page_id', 'locale'] },
  { name: 'passkeys', key: ['id'] },
  { name: 'webauthn_challenges', key: ['id'] },
  { name: 'api_tokens', key: ['id'] },
  // The client secret is sealed with SECRET_KEY, as two-step secrets are (decision 038): a backup holds it sealed.
  { name: 'sign_in_settings', key: ['id'] },
  { name: 'sign_in_attempts', key: ['state_hash'] },
  // Secrets sealed with SECRET_KEY, as two-step sign-in's: restored without that key, an endpoint needs a new secret.
  { name: 'webhooks', key: ['id'] },
  { name: 'webhook_deliveries', key: ['id'], batch: 200 },
];

/**
 * Folio's tables whose rows no backup holds (docs/design.md §31): the day's salt and visitors' hashes must not outlive
 * their day, in a backup either. A restore makes them empty (the day's visitors are then counted afresh).
 */
export const TRANSIENT_TABLES: readonly string[] = ['visit_hashes', 'visit_salts'];

/**
 * Tables of a database that are not Folio's data: the migrator's bookkeeping, SQLite's own, and SQLite's
 * full-text indexes (`enquiries_fts` and its shadow tables), which triggers rebuild from their tables as the
 * rows of a restore go in. (PostgreSQL's `search_vector` columns are generated: the snapshot leaves them out.)
 */
export const isBookkeepingTable = (name: string) =>
  name.startsWith('kysely_') || name.startsWith('sqlite_') || /_fts(_[a-z]+)?$/.test(name);

/** Tables a backup leaves out: the bookkeeping ones, and Folio's own whose rows live a day (TRANSIENT_TABLES). */
export const isLeftOutOfBackups = (name: string) => isBookkeepingTable(name) || TRANSIENT_TABLES.includes(name);

const TenantName = z.string().regex(/^[a-z][a-z0-9_]{0,30}$/);
const TableName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);
const ColumnName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/);

export const BackupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  folioVersion: z.string(),
  createdAt: z.string(),
  /** The database kind it was taken from (for the reader; the format does not depend on it). */
  source: z.enum(['sqlite', 'postgres']),
  tenants: z.array(z.object({ name: TenantName, lastMigration: z.string().min(1) })).min(1),
});
export type BackupHeader = z.infer<typeof BackupHeaderSchema>;

export const TableStartSchema = z.object({ tenant: TenantName, table: TableName, columns: z.array(ColumnName).min(1) });
export type TableStart = z.infer<typeof TableStartSchema>;

export const ManifestSchema = BackupHeaderSchema.extend({
  tables: z.array(z.object({ tenant: TenantName, table: TableName, rows: z.number().int().min(0) })),
  rows: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A row as it is written: bytes (an image) as `{"$base64": "…"}`, every other value as JSON has it. */
export function encodeRow(values: readonly unknown[]): string {
  return JSON.stringify(
    values.map((value) =>
      value instanceof Uint8Array
        ? { $base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') }
        : value,
    ),
  );
}

/** A row line read back; undefined when it is not a row Folio writes (only null, numbers, strings and bytes). */
export function decodeRow(line: string, columns: number): unknown[] | undefined {
  let values: unknown;
  try {
    values = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== columns) return undefined;
  for (let i = 0; i < values.length; i += 1) {
    const value: unknown = values[i];
    if (value === null || typeof value === 'number' || typeof value === 'string') continue;
    if (
      typeof value === 'object' &&
      typeof (value as { $base64?: unknown }).$base64 === 'string' &&
      Object.keys(value).length === 1
    ) {
      values[i] = Buffer.from((value as { $base64: string }).$base64, 'base64');
      continue;
    }
    return undefined;
  }
  return values;
}
