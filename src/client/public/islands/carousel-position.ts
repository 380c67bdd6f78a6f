/** The slide a button asks for, round at both ends (Next on the last slide is the first). */
export const wrapSlide = (index: number, count: number): number => ((index % count) + count) % count;

/**
 * The slide the dots should show once the track has scrolled to `scrollLeft`, or null while a button's smooth
 * scroll to `pending` is still on its way (the slides passed on the way are not shown: the dots show the target
 * from the click on).
 */
export function settledSlide(scrollLeft: number, width: number, count: number, pending: number | null): number | null {
  const position = scrollLeft / (width || 1);
  if (pending !== null && Math.abs(position - pending) > 0.02) return null;
  return Math.min(count - 1, Math.max(0, Math.round(position)));
}
