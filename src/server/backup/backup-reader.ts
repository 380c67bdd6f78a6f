import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupHeaderSchema,
  decodeRow,
  ManifestSchema,
  TableStartSchema,
  type BackupHeader,
  type Manifest,
  type TableStart,
} from './backup-format';

/** A backup that cannot be restored, with the sentence that says why; nothing has been written. */
export class BackupRefused extends Error {}

const NOTHING = 'Nothing was restored.';

/** The lines of a backup file, uncompressed; a file that is not gzip, or is cut short, is refused. */
async function* linesOf(file: string): AsyncGenerator<string> {
  let input: fs.ReadStream;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    input = fs.createReadStream(file);
  } catch {
    throw new BackupRefused(`Cannot read ${file}: check the path and that you may read the file.`);
  }
  const gunzip = createGunzip();
  let failure: Error | undefined;
  const fail = (error: NodeJS.ErrnoException) => {
    failure ??=
      error.code === 'Z_DATA_ERROR'
        ? new BackupRefused(
            `${file} is not a Folio backup: it is not a gzip-compressed file, or it is damaged. ${NOTHING}`,
          )
        : error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)
          ? new BackupRefused(
              `${file} is incomplete: it ends before the end of its data (was it cut short while it was copied?). ${NOTHING}`,
            )
          : new BackupRefused(`Cannot read ${file}: ${error.message}. ${NOTHING}`);
    lines.close();
  };
  input.on('error', fail);
  gunzip.on('error', fail);
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  // readline passes its input's errors on as its own.
  lines.on('error', fail);
  try {
    for await (const line of lines) {
      if (failure) break;
      yield line;
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (failure) throw failure;
}

const parseJson = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

/** What a restore reads from a backup, in file order: a table's start, then its rows in batches. */
export type BackupEvent = { kind: 'table'; start: TableStart } | { kind: 'rows'; rows: unknown[][] };

/**
 * Reads the whole file once and checks it (docs/design.md §22): a Folio backup header first, tables and rows of the
 * right shape, a manifest last whose SHA-256 and row counts match what was read, and nothing after it.
 * Resolves with the manifest; anything else is a BackupRefused with a sentence. Writes nothing.
 */
export async function verifyBackup(file: string, knownMigrations: readonly string[]): Promise<Manifest> {
  const hash = createHash('sha256');
  const counted: Manifest['tables'] = [];
  let header: BackupHeader | undefined;
  let table: (TableStart & { rows: number }) | undefined;
  let manifest: Manifest | undefined;
  let lineNumber = 0;
  const damaged = (why: string) => new BackupRefused(`${file} is damaged: ${why}. ${NOTHING}`);
  for await (const line of linesOf(file)) {
    lineNumber += 1;
    if (manifest) throw damaged(`there is more after its manifest (line ${lineNumber})`);
    if (lineNumber === 1) {
      const parsed = BackupHeaderSchema.safeParse(parseJson(line));
      if (!parsed.success) {
        const version = (parseJson(line) as { format?: unknown; formatVersion?: unknown } | undefined) ?? {};
        if (
          version.format === BACKUP_FORMAT &&
          typeof version.formatVersion === 'number' &&
          version.formatVersion > BACKUP_FORMAT_VERSION
        ) {
          throw new BackupRefused(
            `${file} was written by a newer Folio (backup format ${version.formatVersion}); upgrade Folio, then restore it. ${NOTHING}`,
          );
        }
        throw new BackupRefused(
          `${file} is not a Folio backup: it does not begin with a Folio backup's header. ${NOTHING}`,
        );
      }
      if (parsed.data.formatVersion > BACKUP_FORMAT_VERSION) {
        throw new BackupRefused(
          `${file} was written by a newer Folio (backup format ${parsed.data.formatVersion}); upgrade Folio, then restore it. ${NOTHING}`,
        );
      }
      header = parsed.data;
      hash.update(`${line}\n`);
      continue;
    }
    if (line.startsWith('[')) {
      if (!table || !decodeRow(line, table.columns.length))
        throw damaged(`line ${lineNumber} is not a row of ${table ? `table ${table.table}` : 'any table'}`);
      table.rows += 1;
      hash.update(`${line}\n`);
      continue;
    }
    const value = parseJson(line) as Record<string, unknown> | undefined;
    if (value && 'manifest' in value) {
      const parsed = ManifestSchema.safeParse(value.manifest);
      if (!parsed.success) throw damaged('its manifest is not readable');
      manifest = parsed.data;
      continue;
    }
    const start = TableStartSchema.safeParse(value);
    if (!start.success) throw damaged(`line ${lineNumber} is not part of a Folio backup`);
    if (!header!.tenants.some((tenant) => tenant.name === start.data.tenant))
      throw damaged(`it holds tenant ${start.data.tenant}, which its header does not name`);
    if (table) counted.push({ tenant: table.tenant, table: table.table, rows: table.rows });
    table = { ...start.data, rows: 0 };
    hash.update(`${line}\n`);
  }
  if (!header) throw new BackupRefused(`${file} is not a Folio backup: it is empty. ${NOTHING}`);
  if (!manifest)
    throw new BackupRefused(
      `${file} is incomplete: it ends before its manifest (was it cut short while it was written or copied?). ${NOTHING}`,
    );
  if (table) counted.push({ tenant: table.tenant, table: table.table, rows: table.rows });
  if (hash.digest('hex') !== manifest.sha256) throw damaged('its contents do not match the SHA-256 in its manifest');
  if (JSON.stringify(counted) !== JSON.stringify(manifest.tables))
    throw damaged('its tables or row counts differ from its manifest');
  for (const tenant of header.tenants) {
    if (!knownMigrations.includes(tenant.lastMigration)) {
      throw new BackupRefused(
        `${file} comes from a newer Folio: the database of tenant ${tenant.name} is at migration ${tenant.lastMigration}, which this Folio does not know. Upgrade Folio, then restore it. ${NOTHING}`,
      );
    }
  }
  return manifest;
}

/**
 * The tables and rows of one tenant, in file order, rows in batches that stay under `maxRows` rows and about
 * `maxBytes` of text (images are large). Only for a file verifyBackup has accepted.
 */
export async function* tenantRows(
  file: string,
  tenant: string,
  batchSize: (start: TableStart) => { maxRows: number; maxBytes: number },
): AsyncGenerator<BackupEvent> {
  let current: TableStart | undefined;
  let limits = { maxRows: 1, maxBytes: 1 };
  let rows: unknown[][] = [];
  let bytes = 0;
  let first = true;
  for await (const line of linesOf(file)) {
    if (first) {
      first = false;
      continue;
    }
    if (line.startsWith('[')) {
      if (!current) continue;
      rows.push(decodeRow(line, current.columns.length)!);
      bytes += line.length;
      if (rows.length >= limits.maxRows || bytes >= limits.maxBytes) {
        yield { kind: 'rows', rows };
        rows = [];
        bytes = 0;
      }
      continue;
    }
    if (rows.length > 0) yield { kind: 'rows', rows };
    rows = [];
    bytes = 0;
    const value = JSON.parse(line) as Record<string, unknown>;
    if ('manifest' in value) break;
    const start = TableStartSchema.parse(value);
    current = start.tenant === tenant ? start : undefined;
    if (current) {
      limits = batchSize(current);
      yield { kind: 'table', start: current };
    }
  }
}
