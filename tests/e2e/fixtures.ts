import path from 'node:path';
import Database from 'better-sqlite3';
import { test as base, expect } from '@playwright/test';

/** Console errors of a page, collected so each test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Reads the e2e server's SQLite database directly, to check what a browser action stored. */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.FOLIO_E2E_DATA;
  if (!dataDir) throw new Error('FOLIO_E2E_DATA is not set (run through playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'folio.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
