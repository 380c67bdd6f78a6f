import { useEffect, useId } from 'react';
import { z } from 'zod';
import { REVIEW_MESSAGES, ReviewDecisionSchema, type ReviewItem } from '../../../../core/schemas/review';
import { useModalDialog } from '../../components/modal-dialog';
import { FormField } from '../../components/form-field';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { localeOf, useDecideReview } from './api';
import { reviewName } from './review-words';

/** The comment as the server checks it (trimmed, at most 2000 characters), and required: Request changes needs one. */
const ChangesSchema = z.object({
  comment: ReviewDecisionSchema.shape.comment.unwrap().min(1, { message: REVIEW_MESSAGES.commentRequired }),
});
type ChangesValues = z.input<typeof ChangesSchema>;

/**
 * Request changes (docs/design.md §32): a modal dialog asking what should change. The comment goes to the author with
 * the revision sent back to being a draft. A refusal about the comment is said at its field, any other in the dialog
 * (a revision decided meanwhile: the list is asked again behind it).
 */
export function ChangesDialog({
  item,
  onClose,
  onDecided,
}: {
  item: ReviewItem;
  /** Cancel, Escape: nothing was sent. */
  onClose: () => void;
  /** The changes were requested (the list is fresh): the dialog is gone. */
  onDecided: () => void;
}) {
  const titleId = useId();
  const introId = useId();
  const commentId = useId();
  const decide = useDecideReview();
  const form = useStaffForm<ChangesValues, z.output<typeof ChangesSchema>>({
    schema: ChangesSchema,
    defaultValues: { comment: '' },
    submit: async ({ comment }) => {
      const answer = await decide.mutateAsync({
        routing: item.routing,
        ...localeOf(item),
        revision: item.revision,
        decision: 'changes',
        comment,
      });
      notify.success(answer.message || REVIEW_MESSAGES.changesRequested);
      onDecided();
    },
  });
  // The one way of opening a modal dialog; Escape cancels unless the call is out.
  const { dialogProps } = useModalDialog(() => {
    if (!form.busy) onClose();
  });
  // Once the dialog is open (the hook's effect ran first), the focus starts in the comment.
  const { setFocus } = form.methods;
  useEffect(() => setFocus('comment'), [setFocus]);

  return (
    <dialog
      {...dialogProps}
      className="staff-dialog reviews-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <StaffForm form={form} className="app-form reviews-dialog__form">
        <h2 className="confirm-dialog__title" id={titleId}>
          Request changes
        </h2>
        <p className="reviews-dialog__intro" id={introId}>
          Revision {item.revision} of {reviewName(item)}, asked by {item.author}, goes back to being a draft, and{' '}
          {item.author} is told what should change. Visitors keep seeing the page as it is published now.
        </p>
        <FormField name="comment" id={commentId} label="What should change" required multiline />
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
            Request changes
          </SubmitButton>
        </div>
      </StaffForm>
    </dialog>
  );
}
