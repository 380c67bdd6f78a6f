import SQLite from 'better-sqlite3';
import pg from 'pg';
// database.ts reads PostgreSQL's int8 (rate_limits.expire) as a number: the same value SQLite gives.
import './database';
import { postgresTables, qualifiedTable, quoteIdentifier, sqliteTables } from './dialect';

/** A table's rows in batches, with its columns (in the order of each row's values). */
export interface TableRows {
  columns: string[];
  rows: AsyncIterable<unknown[][]>;
}

/**
 * One read transaction over whole tables, on a connection of its own (docs/design.md §22: what a backup reads while the
 * server goes on writing). Every read sees the moment of the transaction's first read. `schema` names a
 * PostgreSQL schema; a SQLite reader has one database and takes none.
 */
export interface TableReader {
  tables(schema?: string): Promise<string[]>;
  /** The last migration the database has, undefined when it has none. */
  lastMigration(schema?: string): Promise<string | undefined>;
  count(table: string, schema?: string): Promise<number>;
  /** The rows ordered by `key`, `batch` at a time: memory holds one batch. */
  read(table: string, key: readonly string[], batch: number, schema?: string): Promise<TableRows>;
  close(): Promise<void>;
}

const orderBy = (key: readonly string[]) => key.map(quoteIdentifier).join(', ');

/**
 * A read transaction on a SQLite file, opened read-only; throws when there is no such file. In WAL mode the
 * server's writes go on beside it.
 */
export function openSqliteReader(file: string): TableReader {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first read of the transaction fixes what it sees: every later read sees the same moment.
    db.exec('begin');
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    tables: async () => sqliteTables(db),
    lastMigration: async () =>
      db.prepare('select name from kysely_migration order by name desc limit 1').pluck().get() as string | undefined,
    count: async (table) =>
      db
        .prepare(`select count(*) from ${quoteIdentifier(table)}`)
        .pluck()
        .get() as number,
    read: async (table, key, size) => {
      const statement = db.prepare(`select * from ${quoteIdentifier(table)} order by ${orderBy(key)}`).raw(true);
      const columns = statement.columns().map((column) => column.name);
      async function* rows(): AsyncGenerator<unknown[][]> {
        let batch: unknown[][] = [];
        // better-sqlite3 steps through the rows as they are asked for: memory holds one batch.
        for (const row of statement.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length >= size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      }
      return { columns, rows: rows() };
    },
    close: async () => {
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
  };
}

/**
 * One REPEATABLE READ transaction over a whole PostgreSQL database (every schema: one snapshot of all tenants),
 * read a batch at a time through cursors. Generated columns (the search vectors) are left out: they are made
 * from the others, so a restore makes them again.
 */
export async function openPostgresReader(databaseUrl: string, applicationName: string): Promise<TableReader> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let cursors = 0;
  return {
    tables: (schema = 'public') => postgresTables(client, schema),
    lastMigration: async (schema = 'public') =>
      (
        await client.query<{ name: string }>(
          `select name from ${qualifiedTable(schema, 'kysely_migration')} order by name desc limit 1`,
        )
      ).rows[0]?.name,
    count: async (table, schema = 'public') =>
      Number(
        (await client.query<{ n: number }>(`select count(*) as n from ${qualifiedTable(schema, table)}`)).rows[0]?.n ??
          0,
      ),
    read: async (table, key, size, schema = 'public') => {
      const stored = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position",
        [schema, table],
      );
      const columns = stored.rows.map((row) => row.column_name);
      const list = columns.map(quoteIdentifier).join(', ');
      const cursor = `folio_backup_${(cursors += 1)}`;
      async function* rows(): AsyncGenerator<unknown[][]> {
        // A cursor of the transaction: the server sends a batch at a time.
        await client.query(
          `declare ${cursor} no scroll cursor for select ${list} from ${qualifiedTable(schema, table)} order by ${orderBy(key)}`,
        );
        try {
          for (;;) {
            const batch = await client.query<unknown[]>({
              text: `fetch forward ${size} from ${cursor}`,
              rowMode: 'array',
            });
            if (batch.rows.length === 0) break;
            yield batch.rows;
          }
        } finally {
          await client.query(`close ${cursor}`);
        }
      }
      return { columns, rows: rows() };
    },
    close: async () => {
      await client.query('rollback').catch(() => {});
      await client.end();
    },
  };
}
