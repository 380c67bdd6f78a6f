import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * The back office's CSV exports (enquiries, audit log): UTF-8 with a BOM (so spreadsheets read accents),
 * CRLF, every field quoted, a header row; streamed a record at a time, so an export of any size stays small
 * in memory.
 */

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return before one) gets a
 * leading apostrophe: shown as text, never run (OWASP's CSV injection advice).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `2026-11-23 10:15:00 UTC`: sortable, and read alike by every spreadsheet. */
export const readableTime = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '');

/** Sends the records as `<name>-<today>.csv`, every cell neutralised. */
export function sendCsv<C extends string>(
  reply: FastifyReply,
  name: string,
  columns: readonly C[],
  records: AsyncIterable<Record<C, string>>,
): FastifyReply {
  const source = Readable.from(
    (async function* () {
      for await (const record of records) {
        for (const column of columns) record[column] = neutralise(record[column]);
        yield record;
      }
    })(),
  );
  const csv = source.pipe(
    stringify({
      bom: true,
      header: true,
      columns: [...columns],
      quoted: true,
      quoted_empty: true,
      record_delimiter: 'windows',
    }),
  );
  source.on('error', (error) => csv.destroy(error));
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(csv);
}
