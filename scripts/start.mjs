// `npm start`: builds once if there is no build yet (or with --rebuild), then runs the built server.
import './check-node.mjs';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild(process.argv.includes('--rebuild'));
await import(new URL('../dist/server/main.js', import.meta.url).href);
