import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest-files';

/** Prints the run's ten slowest test files (their own time, setup included) after Vitest's summary. */
export default class SlowestFiles implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = modules.map((module) => {
      const { duration, setupDuration, collectDuration } = module.diagnostic();
      return { file: module.relativeModuleId, ms: duration + setupDuration + collectDuration };
    });
    console.log(slowestLines('vitest', times, performance.now() - this.started).join('\n'));
  }
}
