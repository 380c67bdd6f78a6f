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
  return ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}
