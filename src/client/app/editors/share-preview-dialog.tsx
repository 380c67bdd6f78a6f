import { useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useFormContext } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { CreatePreviewShare, CreatedPreviewShare, PreviewShare } from '../../../core/schemas/preview-share';
import { Field } from '../../components/field';
import { useConfirm } from '../components/confirm-dialog';
import { useFieldError } from '../components/form-field';
import { useModalDialog } from '../components/modal-dialog';
import {
  Refusal,
  RefusalBox,
  StaffForm,
  SubmitButton,
  useStaffForm,
  type StaffFormState,
} from '../components/staff-form';
import { ApiError, api, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/date-time';
import '../../styles/data-table.css';
import '../../styles/preview-share.css';
import * as previewSharesApi from '../../../core/api/preview-shares';
import { staffLocale } from '../lib/staff-locale';

/** How long a new link works: the choices offered, in hours. */
export const SHARE_LIFETIMES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 168, label: '1 week' },
] as const;

const relative = () => new Intl.RelativeTimeFormat(staffLocale(), { numeric: 'always' });

/** When a moment comes, in words from `now`: "in 45 minutes", "in 1 hour", "in 7 days". */
export function inWords(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((Date.parse(iso) - now) / 60_000));
  if (minutes < 60) return relative().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative().format(hours, 'hour');
  return relative().format(Math.round(hours / 24), 'day');
}

/** A call about the page's links in a language: the source's without one, a translation's with its code. */
const inLanguage = (routing: string, locale: string | undefined) => ({
  params: { routing },
  query: locale ? { locale } : {},
});

/**
 * The dialog: how long a new link works, Create link, the link made (shown once, with Copy link and when it stops
 * working), and the page's live links with who made them and Revoke (which asks first).
 */
export default function SharePreviewDialog({
  routing,
  locale,
  onClose,
}: {
  routing: string;
  locale?: string | undefined;
  onClose: () => void;
}) {
  const titleId = useId();
  const introId = useId();
  const lifetimeId = useId();
  const linkId = useId();
  const [created, setCreated] = useState<CreatedPreviewShare | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const linkInput = useRef<HTMLInputElement>(null);
  const linksHeading = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog: question } = useConfirm();
  const shares = useQuery({
    queryKey: ['preview-shares', routing, locale ?? ''],
    queryFn: () => api(previewSharesApi.listPreviewShares, inLanguage(routing, locale)),
    gcTime: 0,
  });
  const { firstFocus, dialogProps } = useModalDialog<HTMLSelectElement>(onClose);

  const form = useStaffForm<CreatePreviewShare>({
    // The call's own body schema, read from its route: imported by its name, it would be one more export of a chunk
    // on every editor's first screen.
    schema: previewSharesApi.createPreviewShare.body,
    defaultValues: { hours: 24 },
    // A refusal about no field shows where a revoke's does, under the link.
    onRefused: setProblem,
    submit: async (body) => {
      setProblem(null);
      setSaid('');
      let link: CreatedPreviewShare;
      try {
        link = await api(previewSharesApi.createPreviewShare, { ...inLanguage(routing, locale), body });
      } catch (error) {
        // No answer of the server's (the network down, say): the dialog's own sentence.
        throw error instanceof ApiError ? error : new Refusal('The link could not be made. Please try again.');
      }
      setCreated(link);
      setSaid('The link is made. Copy it now: it is shown only this once.');
      await shares.refetch();
      linkInput.current?.focus();
      linkInput.current?.select();
    },
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setSaid('The link is copied.');
    } catch {
      linkInput.current?.select();
      setSaid('The link could not be copied here: it is selected, copy it with Ctrl+C.');
    }
  };

  const revoke = async (share: PreviewShare) => {
    const sure = await confirm(
      `Anyone who opens the link made by ${share.createdBy} on ${formatDateTime(share.createdAt)} will see the page-not-found page instead.`,
      {
        title: 'Revoke this link?',
        confirmLabel: 'Revoke',
        danger: true,
      },
    );
    if (!sure) return;
    // The Revoke button that had the focus goes with its link: the focus waits on the list's heading.
    linksHeading.current?.focus();
    setProblem(null);
    try {
      await api(previewSharesApi.revokePreviewShare, { body: { id: share.id } });
      if (created?.id === share.id) setCreated(null);
      setSaid('The link is revoked: it no longer opens the preview.');
    } catch (error) {
      setProblem(errorMessage(error, 'The link could not be revoked. Please try again.'));
    }
    await shares.refetch();
  };

  return (
    <dialog {...dialogProps} className="staff-dialog share-dialog" aria-labelledby={titleId} aria-describedby={introId}>
      <h2 className="confirm-dialog__title" id={titleId}>
        Share a preview
      </h2>
      <p className="share-dialog__intro" id={introId}>
        Anyone with the link sees this page&rsquo;s newest saved version, draft included, without signing in, until the
        link expires or you revoke it. Edits not saved yet are not in it.
      </p>
      <NewLinkForm form={form} lifetimeId={lifetimeId} firstFocus={firstFocus} />
      {created ? (
        <CreatedLink linkId={linkId} created={created} linkInput={linkInput} onCopy={() => void copy()} />
      ) : null}
      <p className="share-dialog__said" role="status">
        {said}
      </p>
      <RefusalBox message={problem} className="share-dialog__problem" />
      <LiveLinks
        headingRef={linksHeading}
        shares={shares.data}
        loading={shares.isPending}
        failure={shares.isError ? errorMessage(shares.error, 'The links could not be loaded.') : null}
        onRevoke={(share) => void revoke(share)}
      />
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--outline confirm-dialog__button" onClick={onClose}>
          Close
        </button>
      </div>
      {question}
    </dialog>
  );
}

/** How long a new link works: one of the choices, as the call's number of hours. */
function LifetimeField({
  id,
  firstFocus,
}: {
  id: string;
  /** The dialog's first focus. */
  firstFocus: RefObject<HTMLSelectElement | null>;
}) {
  const { ref, ...field } = useFormContext<CreatePreviewShare>().register('hours', { valueAsNumber: true });
  return (
    <Field id={id} label="The link works for" error={useFieldError('hours')}>
      {(control) => (
        <select
          {...control}
          {...field}
          ref={(element) => {
            ref(element);
            firstFocus.current = element;
          }}
          className="field__input"
        >
          {SHARE_LIFETIMES.map((choice) => (
            <option key={choice.hours} value={choice.hours}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** How long a new link works, and Create link (busy while the link is being made). */
function NewLinkForm({
  form,
  lifetimeId,
  firstFocus,
}: {
  form: StaffFormState<CreatePreviewShare>;
  lifetimeId: string;
  /** The dialog's first focus: the lifetime's choice. */
  firstFocus: RefObject<HTMLSelectElement | null>;
}) {
  return (
    <StaffForm form={form} className="share-dialog__create">
      <LifetimeField id={lifetimeId} firstFocus={firstFocus} />
      <SubmitButton busy={form.busy} className="button confirm-dialog__button">
        Create link
      </SubmitButton>
    </StaffForm>
  );
}

/** The link just made, shown this once: its address (selected on focus), until when it works, and Copy link. */
function CreatedLink({
  linkId,
  created,
  linkInput,
  onCopy,
}: {
  linkId: string;
  created: CreatedPreviewShare;
  /** The address's input: it takes the focus, selected, once the link is made. */
  linkInput: RefObject<HTMLInputElement | null>;
  onCopy: () => void;
}) {
  return (
    <div className="share-dialog__created">
      <Field
        id={linkId}
        label="Link"
        hint={
          <>
            It works until {formatDateTime(created.expiresAt)} ({inWords(created.expiresAt)}).
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            ref={linkInput}
            className="field__input"
            type="text"
            readOnly
            value={created.url}
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <button type="button" className="button button--outline confirm-dialog__button" onClick={onCopy}>
        Copy link
      </button>
    </div>
  );
}

/** The page's live links: when each was made and by whom, until when it works, and Revoke. */
function LiveLinks({
  headingRef,
  shares,
  loading,
  failure,
  onRevoke,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  shares: PreviewShare[] | undefined;
  loading: boolean;
  failure: string | null;
  onRevoke: (share: PreviewShare) => void;
}) {
  const headingId = useId();
  return (
    <section className="share-dialog__links" aria-labelledby={headingId}>
      <h3 ref={headingRef} className="share-dialog__heading" id={headingId} tabIndex={-1}>
        Live links
      </h3>
      {failure ? <p role="alert">{failure}</p> : null}
      {loading ? <p>Loading the links…</p> : null}
      {shares && shares.length === 0 ? <p className="share-dialog__none">This page has no live links.</p> : null}
      {shares && shares.length > 0 ? (
        <ul className="share-dialog__list">
          {shares.map((share) => (
            <li key={share.id} className="share-dialog__link">
              <span>
                Made by {share.createdBy} on {formatDateTime(share.createdAt)}; works until{' '}
                {formatDateTime(share.expiresAt)} ({inWords(share.expiresAt)}).
              </span>
              <button
                type="button"
                className="button button--outline share-dialog__revoke"
                onClick={() => onRevoke(share)}
              >
                Revoke
                <span className="visually-hidden">
                  {' '}
                  the link made by {share.createdBy} on {formatDateTime(share.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
