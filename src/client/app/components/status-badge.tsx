/**
 * A record's active status as people read it (docs/design.md §24): Active or Inactive, never the spec's Y or N, which
 * stay in the API (`activeStatus: 'Y' | 'N'`).
 */
export function StatusBadge({ status }: { status: 'Y' | 'N' }) {
  return status === 'Y' ? (
    <span className="status-badge status-badge--on">Active</span>
  ) : (
    <span className="status-badge">Inactive</span>
  );
}

/**
 * The question before a record's status changes (docs/design.md §24): "Deactivate this user?", not the delete question,
 * followed by what the change does.
 */
export function statusQuestion(record: string, activate: boolean, consequence: string): string {
  return `${activate ? 'Activate' : 'Deactivate'} this ${record}? ${consequence}`;
}
