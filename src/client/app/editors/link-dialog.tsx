import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { LINK_ADDRESS, SitePageListSchema, type SitePage } from '../../../core/schemas/site-pages';
import { Field } from '../../components/field';
import { useModalDialog } from '../components/modal-dialog';
import { api, errorMessage } from '../lib/api';
import '../../styles/data-table.css';
import { sitePages } from '../../../core/api/pages';

/** What the dialog hands back: the address, and the words a link made where nothing was selected shows. */
export interface LinkChoice {
  href: string;
  /** The chosen page's title, else the address itself. */
  text: string;
}

/**
 * The rich-text editor's link dialog (docs/design.md §34): a page of this site chosen from its pages by title (GET
 * /api/master/sitepages), or an address typed: a page of this site (`/About1`), of another site (`https://…`) or
 * an email address (`mailto:…`). Set link hands the address on; an empty address removes the link; Cancel and
 * Escape change nothing. Rendered into the page's body: the editor may sit in a list editor's form, and this form
 * must not be inside that one.
 */
export default function LinkDialog({
  current,
  onSet,
  onRemove,
  onClose,
}: {
  current: string;
  onSet: (choice: LinkChoice) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { firstFocus, dialogProps } = useModalDialog<HTMLSelectElement>(onClose);
  const ids = { title: useId(), page: useId(), address: useId() };
  const [href, setHref] = useState(current);
  const [problem, setProblem] = useState<string | undefined>();
  const pages = useQuery({
    queryKey: ['site-pages'],
    queryFn: async () => SitePageListSchema.parse(await api(sitePages)).items,
  });
  const chosen: SitePage | undefined = pages.data?.find((page) => page.path === href.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (address === '') {
      onRemove();
      return;
    }
    if (!LINK_ADDRESS.test(address)) {
      setProblem('Enter an address that starts with / (a page of this site), https://, http:// or mailto:.');
      return;
    }
    onSet({ href: address, text: chosen?.title ?? address });
  };

  return createPortal(
    <dialog {...dialogProps} className="staff-dialog link-dialog" aria-labelledby={ids.title}>
      <h2 className="confirm-dialog__title" id={ids.title}>
        Link
      </h2>
      <form className="app-form" noValidate onSubmit={submit}>
        <Field
          id={ids.page}
          label="A page of this site"
          hint={
            pages.isPending
              ? 'Loading the site’s pages…'
              : pages.isError
                ? `The pages could not be loaded: ${errorMessage(pages.error)} Type the address below.`
                : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              ref={firstFocus}
              className="field__input"
              value={chosen?.path ?? ''}
              onChange={(event) => {
                if (event.target.value) setHref(event.target.value);
                setProblem(undefined);
              }}
            >
              <option value="">Choose a page…</option>
              {(pages.data ?? []).map((page) => (
                <option key={page.path} value={page.path}>
                  {page.title} ({page.path})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={ids.address}
          label="Address"
          hint="A page of this site (/About1), of another site (https://…) or an email address (mailto:…). Leave it empty to remove the link."
          error={problem}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setProblem(undefined);
              }}
            />
          )}
        </Field>
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--outline confirm-dialog__button" onClick={onClose}>
            Cancel
          </button>
          {current ? (
            <button type="button" className="button button--outline confirm-dialog__button" onClick={onRemove}>
              Remove link
            </button>
          ) : null}
          <button type="submit" className="button confirm-dialog__button">
            Set link
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
