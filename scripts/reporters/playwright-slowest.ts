import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest-files';

/** How much of a failed test's page snapshot is printed (the top of the page: toasts, dialogs and the form). */
const SNAPSHOT_CHARS = 6000;

/**
 * Prints the run's ten slowest spec files after Playwright's summary: each file's tests' own times added up (its
 * tests may have run on several workers at once), hooks included. A failed test's page, as Playwright's snapshot of
 * it (roles and names: the toasts, dialogs and fields on screen), is printed too: CI keeps only the log, and a
 * failure seen once under load must be readable from it.
 */
export default class SlowestFiles implements Reporter {
  private readonly files = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
    if (result.status === 'failed' || result.status === 'timedOut') printPage(test, result);
  }

  onEnd(result: FullResult): void {
    const times = [...this.files].map(([file, ms]) => ({ file, ms }));
    console.log(slowestLines('playwright', times, result.duration).join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** The page of a failed test as Playwright saw it when the test failed (its `error-context` attachment). */
function printPage(test: TestCase, result: TestResult): void {
  const context = result.attachments.find((attachment) => attachment.name === 'error-context');
  let text: string | null = null;
  try {
    if (context?.path) text = fs.readFileSync(context.path, 'utf8');
    else if (context?.body) text = context.body.toString('utf8');
  } catch {
    text = null;
  }
  if (!text) return;
  // The snapshot, not the instructions and the error Playwright has printed already.
  const snapshot = text.indexOf('# Page snapshot');
  if (snapshot >= 0) text = text.slice(snapshot);
  const shown =
    text.length > SNAPSHOT_CHARS
      ? `${text.slice(0, SNAPSHOT_CHARS)}\n… (${text.length - SNAPSHOT_CHARS} more characters)`
      : text;
  console.log(
    `\nThe page when "${test.titlePath().slice(1).join(' › ')}" failed (attempt ${result.retry + 1}):\n${shown}\n`,
  );
  // What happened before (tests/e2e/fixtures.ts, recordPageEvents): clicks, toasts, dialogs, API calls.
  const events = result.attachments.find((attachment) => attachment.name === 'page events')?.body?.toString('utf8');
  if (events) console.log(`What happened on the page, from the test's start:\n${events}\n`);
}
