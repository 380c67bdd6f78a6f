import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium-args';
import { SERVER_NODE_FLAGS } from './scripts/server-node-flags';
import { E2E_TENANTS } from './tests/e2e/tenants';

// One server for the whole run, built by `npm run build`, on its own fresh SQLite database. Workers
// inherit the environment, so they all see the same data folder.
process.env.FOLIO_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'folio-e2e-'));
const PORT = Number(process.env.FOLIO_E2E_PORT ?? 3210);
/** The mail server the e2e server sends enquiries to (scripts/e2e-smtp.mjs); its mails land in this file. */
const SMTP_PORT = PORT + 15;
process.env.FOLIO_E2E_MAIL_LOG ??= path.join(process.env.FOLIO_E2E_DATA, 'mail.jsonl');
export const E2E_MAIL_LOG = process.env.FOLIO_E2E_MAIL_LOG;
export const E2E_CONTACT_RECIPIENT = 'enquiries@innovo.example';
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-123';

export default defineConfig({
  testDir: 'tests/e2e',
  // A test that runs axe over several screens takes most of 30 s when the machine is busy (two workers, each with
  // its Chromium, on 2 cores): a minute each, so that a slow machine is not read as a failure.
  timeout: 60_000,
  // A save answered and its toast shown can take more than 5 s while the machine is that busy (CI once saw a draft's
  // toast miss 5 s at a load of 13, and once 10 s): an expectation waits up to 15 s. A wait, not a retry: nothing is
  // done twice.
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // Each test as it ends, then the ten slowest spec files (docs/design.md §29).
  reporter: [['list'], ['./scripts/reporters/playwright-slowest.ts']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      // The system Chromium from Debian's packages; browsers are never downloaded.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node scripts/e2e-smtp.mjs',
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 10_000,
      env: { FOLIO_E2E_SMTP_PORT: String(SMTP_PORT), FOLIO_E2E_MAIL_LOG: process.env.FOLIO_E2E_MAIL_LOG },
    },
    {
      command: ['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js'].join(' '),
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      // Its warnings and errors (LOG_LEVEL warn) in the run's log: a 500 in a browser test says what failed on the server.
      stdout: 'pipe',
      // A test that runs axe over several screens takes most of 30 s when the machine is busy (two workers, each with
      // its Chromium, on 2 cores): a minute each, so that a slow machine is not read as a failure.
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.FOLIO_E2E_DATA,
        // A site of its own for each spec that saves built-in pages (tests/e2e/tenants.ts).
        TENANTS: ['default', ...E2E_TENANTS].join(','),
        PUBLIC_BASE_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        CONTACT_RECIPIENT: E2E_CONTACT_RECIPIENT,
        // The spam guard's minimum fill time, shortened so that browser tests need not wait 3 s per form.
        CONTACT_MIN_FILL_SECONDS: '1',
        // The webhooks spec's receiver listens on 127.0.0.1 over plain http (docs/design.md §33: both refused by default).
        WEBHOOKS_ALLOW_HTTP: '1',
        WEBHOOKS_ALLOW_PRIVATE: '1',
      },
    },
  ],
});
