import { Writable } from 'node:stream';

/** What an app logged, for tests: pass `stream` as createTestApp's logStream and read `text()` or `lines`. */
export interface LogCapture {
  stream: Writable;
  /** Every chunk written, in order (pino writes one JSON line per chunk). */
  lines: string[];
  text(): string;
}

/** A fresh capture, into `lines` when given (several apps, each with its own stream, into one list). */
export function captureLogs(lines: string[] = []): LogCapture {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}
