import { createContext, useContext, type ReactNode } from 'react';

/**
 * Field marks (docs/design.md §26): in a preview render, every element that shows a field of the document carries
 * `data-folio-field="<path>"` (`exprtshead`, `skillList.2.skillName`, `document.rows.3.Salary`), the path a
 * refusal names in `field` (§25) and the editor finds its input by, so a click in the preview focuses the field.
 * Off by default: public pages never carry the attribute and their bytes stay as they were. The pages are
 * rendered on the server only (islands are separate bundles), so this costs the browser nothing.
 */
const FieldMarksContext = createContext(false);

/** Turns the marks on for the page inside it (every preview render; never a public page). */
export function FieldMarksProvider({ on, children }: { on: boolean; children: ReactNode }) {
  return <FieldMarksContext value={on}>{children}</FieldMarksContext>;
}

/** The attribute that marks an element as showing the field at `path`, or none (marks off, or no path). */
export type FieldMark = { 'data-folio-field'?: string };

const NO_MARK: FieldMark = {};

/**
 * Spread onto the element that shows a field: `<h2 {...mark('exprtshead')}>`. A component shared by several
 * pages takes the path as a prop (it never guesses it) and may be given none: no mark.
 */
export function useFieldMark(): (path: string | undefined) => FieldMark {
  return useContext(FieldMarksContext) ? markOn : markOff;
}

const markOn = (path: string | undefined): FieldMark => (path === undefined ? NO_MARK : { 'data-folio-field': path });
const markOff = (): FieldMark => NO_MARK;
