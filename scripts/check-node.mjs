// `npm start` and `npm test` on a Node.js older than Folio's floor stop here, before building anything, with
// one sentence (engine-strict in .npmrc stops `npm install` the same way). Plain JavaScript any Node.js parses.
import { readFileSync } from 'node:fs';

const floor = Number(
  /(\d+)/.exec(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node)[1],
);
const wanted = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
const major = Number(process.versions.node.split('.')[0]);
if (major < floor) {
  console.error(
    `Folio needs Node.js ${floor} or newer (${wanted} recommended); this is Node.js ${process.versions.node}. ` +
      `Run ./folio ${process.env.npm_lifecycle_event === 'test' ? 'test' : 'start'}, which brings Node.js ${wanted}, or install Node.js ${wanted}.`,
  );
  process.exit(1);
}
