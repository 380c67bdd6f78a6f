// `npm run build`: the three builds, quietly, then one line about what was built (docs/design.md §24: the first start
// prints nothing a newcomer would take for an error):
//   1. the staff app (vite.config.ts) into dist/client;
//   2. the public pages' islands (vite.public.config.ts, decision 011) beside it;
//   3. the server and the shell's commands (vite.config.ts, --ssr) into dist/server;
// then scripts/bundle-report.mjs (pre-compression, the budgets and the summary line).
// A warning of any of them fails the build with a sentence: a warning nobody reads is one a newcomer meets on
// the first start. Library notes that say nothing about Folio's code are dropped in vite.config.ts, with why.
import { build, createLogger } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const warnings = [];
const errors = createLogger('error');
/** Vite's logger with its progress and tables left out, its warnings kept for the end, its errors shown. */
const customLogger = {
  ...errors,
  info() {},
  warn(message) {
    warnings.push(message);
  },
  warnOnce(message) {
    if (!warnings.includes(message)) warnings.push(message);
  },
  hasWarned: false,
};

const builds = [
  { what: 'the staff app', configFile: 'vite.config.ts' },
  { what: 'the public pages', configFile: 'vite.public.config.ts' },
  { what: 'the server', configFile: 'vite.config.ts', build: { ssr: true, outDir: 'dist/server' } },
];
for (const { what, ...options } of builds) {
  try {
    await build({
      root,
      logLevel: 'warn',
      customLogger,
      ...options,
      configFile: new URL(`../${options.configFile}`, import.meta.url).pathname,
    });
  } catch {
    // Vite has shown the error; one sentence says which build it stopped.
    console.error(`The build of ${what} failed (see above).`);
    process.exit(1);
  }
}
if (warnings.length > 0) {
  console.error(warnings.map((warning) => warning.trim()).join('\n\n'));
  console.error(
    `\nThe build printed ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`} (above), and Folio's build prints none (docs/design.md §24). ` +
      'Fix the cause; a library note that says nothing about Folio goes in dropLibraryNotes (vite.config.ts), with the reason.',
  );
  process.exit(1);
}
await import('./bundle-report.mjs');
