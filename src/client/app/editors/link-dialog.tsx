import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { LINK_ADDRESS, SitePageListSchema, type SitePage } from '../../../core/schemas/site-pages';
import { Field } from '../../components/field';
import { useModalDialog } from '../components/modal-dialog';
import { StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { api, errorMessage } from '../lib/api';
import '../../styles/data-table.css';
import { sitePages } from '../../../core/api/pages';

/** What the dialog hands back: the address, and the words a link made where nothing was selected shows. */
export interface LinkChoice {
  href: string;
  /** The chosen page's title, else the address itself. */
  text: string;
}

/** The dialog's one value: the address, which a page chosen fills. */
interface LinkValues {
  href: string;
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
  const pages = useQuery({
    queryKey: ['site-pages'],
    queryFn: async () => SitePageListSchema.parse(await api(sitePages)).items,
  });
  const pageAt = (href: string): SitePage | undefined => pages.data?.find((page) => page.path === href.trim());
  const form = useStaffForm<LinkValues>({
    defaultValues: { href: current },
    submit: async ({ href }) => {
      const address = href.trim();
      if (address === '') {
        onRemove();
        return;
      }
      // Said at the address as Set link is pressed, and gone as the address changes; the focus stays where it is.
      if (!LINK_ADDRESS.test(address)) {
        form.methods.setError('href', {
          type: 'validate',
          message: 'Enter an address that starts with / (a page of this site), https://, http:// or mailto:.',
        });
        return;
      }
      onSet({ href: address, text: pageAt(address)?.title ?? address });
    },
  });
  const { setValue, clearErrors, register, formState } = form.methods;
  const href = useWatch({ control: form.methods.control, name: 'href' });
  const chosen = pageAt(href);

  return createPortal(
    <dialog {...dialogProps} className="staff-dialog link-dialog" aria-labelledby={ids.title}>
      <h2 className="confirm-dialog__title" id={ids.title}>
        Link
      </h2>
      <StaffForm form={form} className="app-form">
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
            // Not a value of the form: it shows the page the address names, and a page chosen fills the address.
            <select
              {...control}
              ref={firstFocus}
              className="field__input"
              value={chosen?.path ?? ''}
              onChange={(event) => {
                if (event.target.value) setValue('href', event.target.value);
                clearErrors('href');
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
          error={formState.errors.href?.message}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              {...register('href')}
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
          <SubmitButton busy={form.busy} className="button confirm-dialog__button">
            Set link
          </SubmitButton>
        </div>
      </StaffForm>
    </dialog>,
    document.body,
  );
}
