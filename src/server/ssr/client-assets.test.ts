import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appShellDocument } from './app-shell.routes';
import { loadClientAssets } from './client-assets';

describe("the staff app's shell", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-client-'));
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

  it('preloads the chunks the entry imports (the libraries split off it, docs/design.md §24), each once, and none it imports on demand', () => {
    fs.mkdirSync(path.join(clientDir, '.vite'));
    const manifest = {
      'src/client/entry-app.tsx': {
        file: 'assets/entry-app-1.js',
        isEntry: true,
        imports: ['_lib-react-2.js', '_lib-router-3.js'],
        dynamicImports: ['src/client/app/pages/login-page.tsx'],
        css: ['assets/entry-app-1.css'],
      },
      '_lib-react-2.js': { file: 'assets/lib-react-2.js' },
      '_lib-router-3.js': { file: 'assets/lib-router-3.js', imports: ['_lib-react-2.js'] },
      'src/client/app/pages/login-page.tsx': { file: 'assets/login-page-4.js', imports: ['_lib-react-2.js'] },
    };
    fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
    const assets = loadClientAssets(clientDir);
    expect(assets.app).toEqual({
      script: '/assets/entry-app-1.js',
      preloads: ['/assets/lib-react-2.js', '/assets/lib-router-3.js'],
      styles: ['/assets/entry-app-1.css'],
    });
    const html = appShellDocument(assets)('v1');
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/lib-react-2.js"><link rel="modulepreload" href="/assets/lib-router-3.js"></head>',
    );
    expect(html).not.toContain('login-page-4.js');
  });
});
