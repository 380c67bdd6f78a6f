/**
 * The ten slowest test files of a run, printed at its end (docs/design.md §29: the rig stays far from CI's limit, and
 * where its time goes is in every CI log). Shared by the Vitest and the Playwright reporter beside this file.
 */
export interface FileTime {
  file: string;
  ms: number;
}

/** The lines that name the `count` slowest files and the run's own duration. */
export function slowestLines(suite: string, times: readonly FileTime[], runMs: number, count = 10): string[] {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  const width = Math.max(0, ...slowest.map(({ file }) => file.length));
  return [
    '',
    `${suite}: ${times.length} files in ${seconds(runMs)}; the ${slowest.length} slowest:`,
    ...slowest.map(({ file, ms }) => `  ${file.padEnd(width)}  ${seconds(ms)}`),
    '',
  ];
}

function seconds(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const whole = Math.round(ms / 1000);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
