/** An empty optional cell (no Depends on, no Parent, no Organization): a dash that reads as "None". */
export function OptionalCell({ text }: { text: string | null }) {
  if (text) return <>{text}</>;
  return (
    <span className="optional-cell">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None</span>
    </span>
  );
}
