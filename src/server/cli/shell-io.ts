import type { Writable } from 'node:stream';

/** A command that cannot do what it was asked, with the sentence that says why (exit code 1). */
export class ShellRefused extends Error {}

/** A command line that does not make sense (exit code 2), with the sentence that says why. */
export class UsageError extends Error {}

/** Where a command reads its environment and writes what it says (the process's own, or a test's). */
export interface ShellIo {
  env: NodeJS.ProcessEnv;
  /** The folder the command was given from: file names are relative to it. */
  cwd: string;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

export const say = (stream: Writable, text = '') => stream.write(`${text}\n`);

export const count = (value: number) => value.toLocaleString('en-GB');
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The process's largest resident memory so far (the bench reads it from the summary line). */
export const peakMemory = () => `peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;

/**
 * A progress line on a terminal (standard error, rewritten in place at most five times a second); nothing
 * when standard error is a file or a pipe (cron mails and logs stay clean).
 */
export function progressLine(io: ShellIo): { update(text: string): void; done(): void } {
  if (!io.stderr.isTTY) return { update: () => {}, done: () => {} };
  let last = 0;
  let shown = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      shown = true;
      const width = Math.max(20, (io.stderr.columns ?? 80) - 1);
      io.stderr.write(`\r${text.slice(0, width).padEnd(width)}`);
    },
    done() {
      if (shown) io.stderr.write(`\r${' '.repeat(Math.max(20, (io.stderr.columns ?? 80) - 1))}\r`);
    },
  };
}
