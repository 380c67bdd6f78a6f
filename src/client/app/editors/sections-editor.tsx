import { useState } from 'react';
import { flushSync } from 'react-dom';
import { page as EXPERTISE_PAGE, ExpertiseContentSchema } from '../../../core/content/expertise';
import type { ExpertiseContent } from '../../../core/content/expertise';
import { labelledFields } from './entry-fields';
import { ListEditor } from './list-editor';
import type { PartContext } from './page-editor';

type Section = ExpertiseContent['sectionlst'][number];
type SectionItem = Section['list'][number];

/** The words of a section's list, from the page's labels (src/core/content/expertise.ts). */
const ITEM_LABELS = EXPERTISE_PAGE.labels.sectionlst.fields.list;
/** A list item must be non-blank after trimming (spec 000 §5): the field is required, and required means that. */
const ITEM_FIELDS = labelledFields<SectionItem>(ITEM_LABELS.fields, { data: { kind: 'text' } });
const ITEM_SCHEMA = ExpertiseContentSchema.shape.sectionlst.element.shape.list.element;

let nextSectionId = 0;
const newSectionId = () => `s${++nextSectionId}`;

/**
 * The Expertise page's dynamic sections (spec 000 §2): each a heading and a list of items edited with the
 * shared list editor, Remove Section per section, and Add New Section.
 */
export function SectionsEditor({ context }: { context: PartContext<ExpertiseContent> }) {
  const sections = context.doc.sectionlst;
  // Stable keys, so that removing a section does not hand its neighbour's entry form to another section.
  const [ids, setIds] = useState<string[]>(() => sections.map(newSectionId));
  const keys = ids.length === sections.length ? ids : sections.map((_, index) => ids[index] ?? `i${index}`);

  const setSections = (recipe: (current: Section[]) => Section[]) =>
    context.update((doc) => ({ ...doc, sectionlst: recipe(doc.sectionlst) }));

  const addSection = () => {
    const id = newSectionId();
    // The new section is on screen before the focus moves to it, within this click: a focus moved a frame later
    // could take a field the user had clicked meanwhile.
    flushSync(() => {
      setIds([...keys, id]);
      setSections((current) => [...current, { heading: '', list: [] }]);
    });
    document.getElementById(`${context.idPrefix}-${id}-heading`)?.focus();
  };

  const removeSection = (index: number) => {
    setIds(keys.filter((_, current) => current !== index));
    setSections((current) => current.filter((_, position) => position !== index));
  };

  return (
    <div className="sections-editor">
      {sections.length === 0 ? <p>No sections yet.</p> : null}
      {sections.map((section, index) => {
        const key = keys[index] ?? `i${index}`;
        const prefix = `${context.idPrefix}-${key}`;
        return (
          <section key={key} className="section-editor" aria-labelledby={`${prefix}-title`}>
            <div className="section-editor__head">
              <h3 className="section-editor__title" id={`${prefix}-title`}>
                Section {index + 1}
                {section.heading.trim() ? `: ${section.heading.trim()}` : ''}
              </h3>
              <button
                type="button"
                className="button button--outline button--danger"
                aria-label={`Remove section ${index + 1}`}
                onClick={() => removeSection(index)}
              >
                Remove Section
              </button>
            </div>
            <div className="field">
              <div className="field__label-row">
                <label className="field__label" htmlFor={`${prefix}-heading`}>
                  Heading of section {index + 1}
                </label>
              </div>
              <input
                id={`${prefix}-heading`}
                className="field__input"
                value={section.heading}
                autoComplete="off"
                onChange={(event) => {
                  const heading = event.currentTarget.value;
                  setSections((current) =>
                    current.map((item, position) => (position === index ? { ...item, heading } : item)),
                  );
                }}
              />
            </div>
            <ListEditor<SectionItem>
              idPrefix={`${prefix}-list`}
              entryName={ITEM_LABELS.entry}
              fields={ITEM_FIELDS}
              entries={section.list}
              onChange={(list) =>
                setSections((current) =>
                  current.map((item, position) => (position === index ? { ...item, list } : item)),
                )
              }
              rules={context.rules}
              schema={ITEM_SCHEMA}
              onClear={context.clear}
            />
          </section>
        );
      })}
      <div className="app-actions">
        <button type="button" className="button button--outline" onClick={addSection}>
          Add New Section
        </button>
      </div>
    </div>
  );
}
