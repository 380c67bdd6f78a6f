import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlib } from 'node:zlib';
import packageJson from '../../../package.json' with { type: 'json' };
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, encodeRow, type BackupHeader, type Manifest } from './backup-format';
import type { Snapshot } from './snapshot';

export const FOLIO_VERSION: string = packageJson.version;

/** Where a backup is, for a progress line: rows written so far of `totalRows` (known when counted first). */
export interface BackupProgress {
  tenant: string;
  table: string;
  rowsDone: number;
  totalRows: number | undefined;
}

export interface BackupOptions {
  /**
   * Called after each batch, and awaited before the next one is read; with `countFirst` the total is known (a
   * count per table, in the same snapshot).
   */
  onProgress?: (progress: BackupProgress) => void | Promise<void>;
  countFirst?: boolean;
  now?: Date;
}

/**
 * Writes the backup of a snapshot (docs/design.md §22) to `output` as it reads it: a batch of rows at a time, so
 * memory stays flat however large the tables. Resolves with the manifest once the file is complete; the
 * caller closes the snapshot.
 */
export async function writeBackup(
  snapshot: Snapshot,
  output: Writable,
  options: BackupOptions = {},
): Promise<Manifest> {
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    folioVersion: FOLIO_VERSION,
    createdAt: (options.now ?? new Date()).toISOString(),
    source: snapshot.source,
    tenants: snapshot.tenants.map(({ name, lastMigration }) => ({ name, lastMigration })),
  };
  let totalRows: number | undefined;
  if (options.countFirst) {
    totalRows = 0;
    for (const { name } of snapshot.tenants)
      for (const table of snapshot.tables(name)) totalRows += await snapshot.count(name, table);
  }
  const hash = createHash('sha256');
  const tables: Manifest['tables'] = [];
  let rowsDone = 0;
  let manifest: Manifest | undefined;

  async function* lines(): AsyncGenerator<Buffer> {
    const hashed = (text: string) => {
      const bytes = Buffer.from(text);
      hash.update(bytes);
      return bytes;
    };
    yield hashed(`${JSON.stringify(header)}\n`);
    for (const { name: tenant } of snapshot.tenants) {
      for (const table of snapshot.tables(tenant)) {
        const { columns, rows } = await snapshot.read(tenant, table);
        yield hashed(`${JSON.stringify({ tenant, table, columns })}\n`);
        let count = 0;
        for await (const batch of rows) {
          let text = '';
          for (const row of batch) text += `${encodeRow(row)}\n`;
          count += batch.length;
          rowsDone += batch.length;
          yield hashed(text);
          await options.onProgress?.({ tenant, table, rowsDone, totalRows });
        }
        tables.push({ tenant, table, rows: count });
      }
    }
    manifest = { ...header, tables, rows: rowsDone, sha256: hash.digest('hex') };
    yield Buffer.from(`${JSON.stringify({ manifest })}\n`);
  }

  // Level 6 is gzip's own default; a bigger window buys little on JSON lines and costs time.
  await pipeline(Readable.from(lines()), createGzip({ level: zlib.Z_DEFAULT_COMPRESSION }), output);
  if (!manifest) throw new Error('The backup ended before its manifest');
  return manifest;
}
