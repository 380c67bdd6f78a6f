import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Save, X } from 'lucide-react';
import { FORM_LIMITS, type StoredForm } from '../../../../core/schemas/forms';
import { FormField as TextField } from '../../components/form-field';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { useSaveForm } from './api';
import { editedForm, formInput, type EditedForm } from './edited-form';
import { FieldList } from './form-fields';
import { FormPreview } from './form-preview';
import '../../../styles/forms.css';

/**
 * A form's editor (docs/design.md §30): its name and fields (each its label, kind, whether it is required, its help, its
 * choices, its kinds of file and limit, the field and value that show it), who is mailed, the confirmation to the
 * sender, the success message and how long submissions are kept. Fields move by drag and by keyboard (form-fields.tsx).
 * Choices are typed one a line (`value = label`, or a label alone) or come from a master data type. Beside the form
 * (below it on narrower screens) the preview shows it as visitors will see it (form-preview.tsx). The server checks
 * the form as `FormInputSchema` says and names a refused place (`fields.2.label`); a save on an older revision is
 * refused.
 */

export function FormEditor({ saved, onDone }: { saved: StoredForm | null; onDone: () => void }) {
  const save = useSaveForm();
  const headingId = useId();
  const builtIn = saved?.builtIn !== null && saved !== null;
  const form = useStaffForm<EditedForm>({
    defaultValues: editedForm(saved),
    submit: async (values) => {
      await save.mutateAsync(formInput(values, saved));
      notify.success(`Visitors of the pages that show “${values.name}” see it as saved.`, 'Form saved');
      onDone();
    },
  });
  return (
    <section className="app-panel form-editor-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{saved ? `Change the form ${saved.name}` : 'A new form'}</h2>
      <StaffForm form={form} className="app-form form-editor">
        <div className="form-editor__main">
          <TextField
            name="name"
            id="form-name"
            label="Name"
            required
            hint="What staff call it: visitors do not see it."
          />
          {builtIn ? (
            <p className="app-notice">The contact form’s fields are the ones the Contact page has always had.</p>
          ) : (
            <FieldList />
          )}
          <TextField
            name="recipients"
            id="form-recipients"
            label="Mail each submission to"
            multiline
            hint="Email addresses, one a line. None: the company’s email address."
          />
          <Confirmation />
          <TextField name="successMessage" id="form-success" label="Success message" required multiline />
          <TextField
            name="retentionDays"
            id="form-retention"
            label="Keep submissions for (days)"
            inputMode="numeric"
            hint={`Deleted after this many days, with their files (at most ${FORM_LIMITS.retentionDaysMax}).`}
          />
          <RefusalBox message={form.refusal} />
          <div className="app-actions">
            <SubmitButton busy={form.busy} icon={Save}>
              Save
            </SubmitButton>
            <button type="button" className="button button--outline" onClick={onDone}>
              <X className="button__icon" aria-hidden="true" focusable="false" />
              Cancel
            </button>
          </div>
        </div>
        {builtIn ? null : <FormPreview saved={saved} />}
      </StaffForm>
    </section>
  );
}

function Confirmation() {
  const enabled = useWatch<EditedForm, 'confirmation.enabled'>({ name: 'confirmation.enabled' });
  const { register } = useFormContext<EditedForm>();
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">Confirmation to the sender</legend>
      <label className="app-check">
        <input type="checkbox" {...register('confirmation.enabled')} /> Mail the sender a confirmation (the form needs
        an email field)
      </label>
      {enabled ? (
        <>
          <TextField
            name="confirmation.subject"
            id="form-confirmation-subject"
            label="Subject"
            hint="{{key}} puts in what the sender typed in that field, such as {{name}}."
          />
          <TextField name="confirmation.body" id="form-confirmation-body" label="Text" multiline />
        </>
      ) : null}
    </fieldset>
  );
}
