import type { ReactNode } from 'react';

/**
 * The spec's own words for a screen or a field, as small print beside the plain ones (docs/design.md §34): staff who read
 * the spec find their way; nobody needs them to use the screen.
 */
export function SpecTerm({ children }: { children: ReactNode }) {
  return <p className="spec-term">In the spec: {children}</p>;
}
