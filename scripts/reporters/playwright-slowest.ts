import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest-files';

/**
 * Prints the run's ten slowest spec files after Playwright's summary: each file's tests' own times added up (its
 * tests may have run on several workers at once), hooks included.
 */
export default class SlowestFiles implements Reporter {
  private readonly files = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd(result: FullResult): void {
    const times = [...this.files].map(([file, ms]) => ({ file, ms }));
    console.log(slowestLines('playwright', times, result.duration).join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
