import { useId, useState } from 'react';
import { COMMENT_TEXT_MAX, type Comment, type CommentReply } from '../../../../core/schemas/comment';
import { useModalDialog } from '../../components/modal-dialog';
import { formatDateTime } from '../../lib/date-time';
import { notify } from '../../toasts';
import { useAddComment, useResolveComment, type CommentsOf } from './api';

export interface CommentsDialogProps {
  of: CommentsOf;
  /** The field whose threads it shows; null: every field's, with a choice of the field to comment on. */
  path: string | null;
  items: readonly Comment[];
  /** The fields of the form, for the choice (their paths), and a field's name in the editor's words. */
  fields: readonly string[];
  describeField: (path: string) => string;
  onClose: () => void;
}

const failure = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The comment could not be saved. Try again.';

/**
 * Comments on a field (docs/design.md §32), or on the whole page: its threads (open ones; resolved ones behind "Show
 * resolved"), each with its replies, a Reply box and Resolve or Reopen; then a new comment. A modal dialog: the focus
 * starts on the new comment's box, Escape closes it. What was typed stays when the server refuses it.
 */
export function CommentsDialog({ of, path, items, fields, describeField, onClose }: CommentsDialogProps) {
  const titleId = useId();
  // What had the focus when it opened (a marker, the Comments button) has it again once it closes.
  const [opener] = useState(() => document.activeElement);
  const close = () => {
    onClose();
    requestAnimationFrame(() => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    });
  };
  const { firstFocus, dialogProps } = useModalDialog<HTMLTextAreaElement>(close);
  const [showResolved, setShowResolved] = useState(false);
  const [chosen, setChosen] = useState(path ?? '');
  // The field a new comment is on: the dialog's own, else the one chosen (the first until one is; the fields are
  // measured a moment after the form shows, so the choice follows them).
  const target = path ?? (fields.includes(chosen) ? chosen : (fields[0] ?? ''));
  const threads = items.filter((item) => path === null || item.path === path);
  const resolvedCount = threads.filter((item) => item.resolved).length;
  const shown = threads.filter((item) => showResolved || !item.resolved);
  const title = path === null ? 'Comments on this page' : `Comments on ${describeField(path)}`;

  return (
    <dialog {...dialogProps} className="staff-dialog comments-dialog" aria-labelledby={titleId}>
      <div className="comments-dialog__head">
        <h2 className="confirm-dialog__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="button button--outline" onClick={close}>
          Close
        </button>
      </div>
      {resolvedCount > 0 ? (
        <label className="comments-dialog__toggle">
          <input type="checkbox" checked={showResolved} onChange={(event) => setShowResolved(event.target.checked)} />
          Show resolved ({resolvedCount})
        </label>
      ) : null}
      {shown.length === 0 ? (
        <p className="comments-dialog__empty">{threads.length === 0 ? 'No comments yet.' : 'No open comments.'}</p>
      ) : (
        <ol className="comments-dialog__threads">
          {shown.map((item) => (
            <li key={item.id}>
              <Thread of={of} item={item} label={path === null ? describeField(item.path) : null} />
            </li>
          ))}
        </ol>
      )}
      <NewComment
        of={of}
        path={target}
        inputRef={firstFocus}
        choice={
          path === null && fields.length > 0 ? (
            <FieldChoice fields={fields} value={target} onChange={setChosen} describeField={describeField} />
          ) : null
        }
      />
    </dialog>
  );
}

function FieldChoice({
  fields,
  value,
  onChange,
  describeField,
}: {
  fields: readonly string[];
  value: string;
  onChange: (path: string) => void;
  describeField: (path: string) => string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Field
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {fields.map((field) => (
          <option key={field} value={field}>
            {describeField(field)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Said({ entry }: { entry: Comment | CommentReply }) {
  return (
    <>
      <p className="comment__by">
        <strong>{entry.mine ? `${entry.author} (you)` : entry.author}</strong>{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      <p className="comment__text">{entry.text}</p>
    </>
  );
}

/** A thread: the comment, its replies, a Reply box, and Resolve or Reopen. */
function Thread({ of, item, label }: { of: CommentsOf; item: Comment; label: string | null }) {
  const resolve = useResolveComment(of);
  const toggle = () =>
    resolve.mutate({ id: item.id, resolved: !item.resolved }, { onError: (error) => notify.error(failure(error)) });
  return (
    <article
      className={item.resolved ? 'comment comment--resolved' : 'comment'}
      aria-label={`Comment by ${item.author}`}
    >
      {label ? <p className="comment__field">On {label}</p> : null}
      <Said entry={item} />
      {item.resolved && item.resolvedBy ? (
        <p className="comment__state">
          Resolved by {item.resolvedBy}
          {item.resolvedAt ? (
            <>
              {' '}
              <time dateTime={item.resolvedAt}>{formatDateTime(item.resolvedAt)}</time>
            </>
          ) : null}
        </p>
      ) : null}
      {item.replies.length > 0 ? (
        <ol className="comment__replies" aria-label={`Replies to ${item.author}`}>
          {item.replies.map((reply) => (
            <li key={reply.id} className="comment comment--reply">
              <Said entry={reply} />
            </li>
          ))}
        </ol>
      ) : null}
      <div className="comment__actions">
        <button type="button" className="button button--outline" disabled={resolve.isPending} onClick={toggle}>
          {item.resolved ? 'Reopen' : 'Resolve'}
        </button>
      </div>
      {item.resolved ? null : (
        <CommentBox of={of} path={item.path} replyTo={item.id} label={`Reply to ${item.author}`} />
      )}
    </article>
  );
}

function NewComment({
  of,
  path,
  inputRef,
  choice,
}: {
  of: CommentsOf;
  path: string;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
  choice: React.ReactNode;
}) {
  return (
    <div className="comments-dialog__new">
      {choice}
      <CommentBox of={of} path={path} label="New comment" inputRef={inputRef} />
    </div>
  );
}

/** A box to write a comment or a reply in, with its button; cleared once stored, kept when refused. */
function CommentBox({
  of,
  path,
  replyTo,
  label,
  inputRef,
}: {
  of: CommentsOf;
  path: string;
  replyTo?: number;
  label: string;
  inputRef?: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const add = useAddComment(of);
  const submit = () => {
    if (text.trim() === '') {
      notify.error('Write the comment first.');
      return;
    }
    add.mutate(
      { path, text, ...(replyTo === undefined ? {} : { replyTo }) },
      { onSuccess: () => setText(''), onError: (error) => notify.error(failure(error)) },
    );
  };
  return (
    <div className="comment-box">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={inputRef}
        className="field__input comment-box__text"
        rows={replyTo === undefined ? 3 : 2}
        maxLength={COMMENT_TEXT_MAX}
        aria-describedby={replyTo === undefined ? hintId : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {replyTo === undefined ? (
        <p className="field__hint" id={hintId}>
          Type @ and a user name to mail that colleague.
        </p>
      ) : null}
      <button type="button" className="button" disabled={add.isPending || path === ''} onClick={submit}>
        {replyTo === undefined ? 'Comment' : 'Reply'}
      </button>
    </div>
  );
}
