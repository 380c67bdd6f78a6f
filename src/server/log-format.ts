/**
 * How the server's log reads (docs/design.md §24, LOG_FORMAT): pino's JSON lines for machines (a log collector, a file,
 * journald), readable lines for a person at a terminal:
 *
 *   16:53:09 INFO  Server listening at http://127.0.0.1:3000
 *
 * Unset, the format follows where the log goes: readable on a terminal, JSON anywhere else. The first-run setup
 * code is written apart, on a line of its own, so that nobody has to pick it out of a line of fields.
 */
import { inspect } from 'node:util';

export type LogFormat = 'pretty' | 'json';

/** Where pino writes; `isTTY` says whether a person reads it. */
export type LogTarget = NodeJS.WritableStream & { isTTY?: boolean };

/** pino's numbers for its levels, as written in each JSON line. */
const LEVELS: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '\x1b[90m' },
  20: { label: 'DEBUG', colour: '\x1b[90m' },
  30: { label: 'INFO ', colour: '\x1b[32m' },
  40: { label: 'WARN ', colour: '\x1b[33m' },
  50: { label: 'ERROR', colour: '\x1b[31m' },
  60: { label: 'FATAL', colour: '\x1b[31m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
/** Fields every line has, or that the line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'setupCode']);

/**
 * The stream to give pino: undefined for JSON on standard output (pino's own fast writer), `target` itself for
 * JSON elsewhere, a converter into `target` for readable lines.
 */
export function logDestination(
  format: LogFormat | undefined,
  target?: LogTarget,
): { write(line: string): void } | undefined {
  const into: LogTarget = target ?? process.stdout;
  if ((format ?? (into.isTTY ? 'pretty' : 'json')) === 'json') return target;
  // Colours only for a terminal that has not asked for none (https://no-color.org).
  const colour = Boolean(into.isTTY) && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) into.write(readableLine(line, colour));
    },
  };
}

/** One pino JSON line as text for a person (ending in a newline); a line that is not JSON stays as it is. */
export function readableLine(json: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return `${json}\n`;
  }
  const message = typeof record.msg === 'string' ? record.msg : '';
  // The setup code (docs/design.md §7): a blank line, what to do, then the code alone, easy to find and to copy.
  if (typeof record.setupCode === 'string')
    return `\n${message}\n${colour ? `\x1b[1m${record.setupCode}${RESET}` : record.setupCode}\n\n`;
  const level = LEVELS[Number(record.level)] ?? { label: String(record.level).padEnd(5), colour: '' };
  const time = typeof record.time === 'number' ? new Date(record.time).toTimeString().slice(0, 8) : '--:--:--';
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`,
    );
  const err = record.err as { message?: string; stack?: string } | undefined;
  const text = [message || err?.message || '', fields.join(' ')].filter(Boolean).join('  ');
  // An error's stack follows on its own lines, indented under the line that reports it.
  const stack = err ? `\n${(err.stack ?? inspect(err)).replace(/^/gm, '    ')}` : '';
  return colour
    ? `${DIM}${time}${RESET} ${level.colour}${level.label}${RESET} ${text}${stack}\n`
    : `${time} ${level.label} ${text}${stack}\n`;
}
