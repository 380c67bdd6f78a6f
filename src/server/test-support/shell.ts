import os from 'node:os';
import { Writable } from 'node:stream';
import { runShell } from '../cli/cli';
import { TEST_SECRET_KEY } from './test-app';

/** A terminal-less shell (`./folio <command>`) with this environment: what a command wrote to standard output and standard error. */
export function shellWith(env: Record<string, string | undefined>, cwd = os.tmpdir()) {
  const capture = () => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    return { stream, text: () => text };
  };
  return async (...argv: string[]) => {
    const stdout = capture();
    const stderr = capture();
    // The server's environment: on PostgreSQL that includes its SECRET_KEY (loadConfig asks for it).
    const code = await runShell(argv, {
      env: { LOG_LEVEL: 'silent', SECRET_KEY: TEST_SECRET_KEY, ...env },
      cwd,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };
}
