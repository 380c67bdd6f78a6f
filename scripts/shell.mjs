// The shell's commands (`./folio backup`, `restore`, `user`, `setup-code`): build once if needed, then run them.
import './check-node.mjs';
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(new URL('../dist/server/cli.js', import.meta.url).href);
