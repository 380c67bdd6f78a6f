import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { RELEASE_MESSAGES, SaveReleaseSchema, type Release } from '../../../../core/schemas/release';
import { useModalDialog } from '../../components/modal-dialog';
import { FormField } from '../../components/form-field';
import { Refusal, RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { errorMessage, refusedField } from '../../lib/api';
import { notify } from '../../toasts';
import { namedPage, useSaveRelease } from './api';
import { hasUnpublished, useCandidates, type Candidate } from './candidates';
import { pageKey, pageName } from './release-words';

/** A page of the release being put together: a page in a language at a revision. */
export interface FormPage {
  routing: string;
  title: string;
  locale: string | null;
  revision: number;
}

const NameSchema = z.object({ name: SaveReleaseSchema.shape.name });
type NameValues = z.input<typeof NameSchema>;

const STATUS_WORDS: Record<Candidate['status'], string> = {
  draft: 'draft',
  scheduled: 'scheduled on its own',
  in_review: 'in review',
  failed: 'failed schedule',
  published: 'published',
};

/** The pages to add from: those with unpublished changes, each at its newest revision, not in the release yet. */
function PagePicker({ chosen, onAdd }: { chosen: readonly FormPage[]; onAdd: (page: FormPage) => void }) {
  const candidates = useCandidates(true);
  const headingId = useId();
  const inRelease = new Map(chosen.map((page) => [pageKey(page), page.revision]));
  const offered = (candidates.data ?? []).filter(
    (candidate) => hasUnpublished(candidate) && inRelease.get(pageKey(candidate)) !== candidate.revision,
  );
  const upToDate = (candidates.data ?? []).filter((candidate) => !hasUnpublished(candidate));
  return (
    <section className="release-picker" aria-labelledby={headingId}>
      <h3 className="release-dialog__subtitle" id={headingId}>
        Add pages
      </h3>
      {candidates.isPending ? (
        <p className="release-picker__note" role="status">
          Finding the pages with unpublished changes…
        </p>
      ) : candidates.isError ? (
        <p className="release-picker__note" role="alert">
          {errorMessage(candidates.error, 'The pages could not be read.')}
        </p>
      ) : offered.length === 0 ? (
        <p className="release-picker__note">
          No other page has unpublished changes. Save a draft of a page (or of its translation) first, then add it here.
        </p>
      ) : (
        <ul className="release-picker__list">
          {offered.map((candidate) => {
            const replaces = inRelease.has(pageKey(candidate));
            return (
              <li key={pageKey(candidate)} className="release-picker__item">
                <span className="release-picker__page">
                  <strong>{pageName(candidate)}</strong>
                  <span className="release-picker__meta">
                    Revision {candidate.revision}, {STATUS_WORDS[candidate.status]}
                    {candidate.published === null ? ', never published' : `; visitors see ${candidate.published}`}
                  </span>
                </span>
                <button type="button" className="button button--outline button--small" onClick={() => onAdd(candidate)}>
                  {replaces ? 'Use revision' : 'Add'}
                  <span className="visually-hidden">
                    {' '}
                    {pageName(candidate)}, revision {candidate.revision}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {upToDate.length > 0 ? (
        <p className="release-picker__note">
          Up to date, nothing to release: {upToDate.map((candidate) => pageName(candidate)).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}

/** The pages in the release, each with Remove; the one a refusal named is marked. */
function ChosenPages({
  pages,
  named,
  onRemove,
}: {
  pages: readonly FormPage[];
  named: string | null;
  onRemove: (page: FormPage) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 className="release-dialog__subtitle" id={headingId}>
        Pages in this release ({pages.length})
      </h3>
      {pages.length === 0 ? (
        <p className="release-picker__note">None yet: add the pages that go live together below.</p>
      ) : (
        <ul className="release-picker__list">
          {pages.map((page) => (
            <li
              key={pageKey(page)}
              className={`release-picker__item${named === pageKey(page) ? ' release-picker__item--named' : ''}`}
            >
              <span className="release-picker__page">
                <strong>{pageName(page)}</strong>
                <span className="release-picker__meta">
                  Revision {page.revision}
                  {named === pageKey(page) ? <span className="release-named"> (named in the refusal)</span> : null}
                </span>
              </span>
              <button type="button" className="button button--outline button--small" onClick={() => onRemove(page)}>
                Remove<span className="visually-hidden"> {pageName(page)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * New release and Edit (docs/design.md §32): a name and the pages, each at its newest revision in a language. A
 * refusal is said in the dialog with the server's sentence (at the name when it is about the name), the page it names
 * marked; nothing typed or chosen is lost.
 */
export function ReleaseForm({
  release,
  onClose,
  onSaved,
}: {
  /** The release changed; none: a new one. */
  release: Release | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const titleId = useId();
  const nameId = useId();
  const [pages, setPages] = useState<FormPage[]>(() =>
    (release?.items ?? []).map(({ routing, title, locale, revision }) => ({ routing, title, locale, revision })),
  );
  const [named, setNamed] = useState<string | null>(null);
  const save = useSaveRelease();
  const form = useStaffForm<NameValues, z.output<typeof NameSchema>>({
    schema: NameSchema,
    defaultValues: { name: release?.name ?? '' },
    submit: async ({ name }) => {
      if (pages.length === 0) throw new Refusal(RELEASE_MESSAGES.noItems);
      const items = pages.map(({ routing, locale, revision }) => ({ routing, locale, revision }));
      try {
        const answer = await save.mutateAsync({ ...(release ? { id: release.id } : {}), name, items });
        notify.success(answer.message);
        onSaved(answer.id);
      } catch (error) {
        const field = refusedField(error);
        const at = field?.match(/^items\.(\d+)\./)?.[1];
        const page = namedPage(error) ?? (at === undefined ? null : (pages[Number(at)] ?? null));
        setNamed(page ? pageKey(page) : null);
        if (field === 'name') throw error;
        throw new Refusal(errorMessage(error, 'The release could not be saved.'));
      }
    },
  });
  const { dialogProps } = useModalDialog(() => {
    if (!form.busy) onClose();
  });
  const { setFocus } = form.methods;
  useEffect(() => setFocus('name'), [setFocus]);

  const add = (page: FormPage) =>
    setPages((current) => {
      const at = current.findIndex((other) => pageKey(other) === pageKey(page));
      const added = { routing: page.routing, title: page.title, locale: page.locale, revision: page.revision };
      return at === -1 ? [...current, added] : current.map((other, index) => (index === at ? added : other));
    });

  return (
    <dialog {...dialogProps} className="staff-dialog release-dialog release-form" aria-labelledby={titleId}>
      <StaffForm form={form} className="release-dialog__form">
        <h2 className="confirm-dialog__title" id={titleId}>
          {release ? `Edit ${release.name}` : 'New release'}
        </h2>
        <FormField name="name" id={nameId} label="Name" required maxLength={120} />
        <ChosenPages
          pages={pages}
          named={named}
          onRemove={(page) => setPages((current) => current.filter((other) => other !== page))}
        />
        <PagePicker chosen={pages} onAdd={add} />
        <RefusalBox message={form.refusal} />
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            onClick={() => !form.busy && onClose()}
          >
            Cancel
          </button>
          <SubmitButton busy={form.busy} className="button confirm-dialog__button">
            Save
          </SubmitButton>
        </div>
      </StaffForm>
    </dialog>
  );
}
