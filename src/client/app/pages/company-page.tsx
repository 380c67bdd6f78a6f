import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ContentApiSetting } from './content-api-setting';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { COMPANY_MESSAGES, CompanySchema, SetupSchema } from '../../../core/schemas/company';
import type { Company } from '../../../core/schemas/company';
import { ApiError, FALLBACK_MESSAGE, SESSION_KEY, api, errorMessage, refusedField, useSession } from '../lib/api';
import { Field } from '../../components/field';
import { RequireScreen } from '../guard';
import {
  COMPANY_FIELD_LABELS,
  CompanyFields,
  CompanySiteFields,
  EMPTY_COMPANY,
  companyFormValues,
} from '../components/company-fields';
import { FormField, RequiredNote } from '../components/form-field';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { StaffForm, useStaffForm, type StaffFormState } from '../components/staff-form';
import { markRefusedField } from '../lib/refused-field';
import { notify } from '../toasts';
import { SAVED_ON_SCREEN } from '../lib/screen-words';
import * as companyApi from '../../../core/api/company';
import * as setupApi from '../../../core/api/setup';

/** After setup: what was done, and what to do next (the login screen opens). */
const SET_UP = 'Folio is set up. Sign in with the user name and password you chose.';
const SAVE_FAILED = 'Failed to save data. Please try again.';
const PASSWORDS_DIFFER = 'The passwords do not match.';
const SETUP_CODE_HINT = 'The server printed it in its log when it started.';

/** The setup form: SetupSchema plus the password typed twice. */
const SetupFormSchema = SetupSchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.password === values.confirmPassword,
  {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
    // Checked even while other fields are still wrong, so the mismatch shows as soon as the field is left.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  },
);
type SetupFormInput = z.input<typeof SetupFormSchema>;
type SetupFormOutput = z.output<typeof SetupFormSchema>;

const CompanyFormSchema = z.object({ company: CompanySchema });
type CompanyFormInput = z.input<typeof CompanyFormSchema>;
type CompanyFormOutput = z.output<typeof CompanyFormSchema>;

/**
 * The form of both screens, on the one form model, with the note on the asterisk. Enter in a field submits the form
 * through its submit button, which is disabled while the form is invalid, so the browser would do nothing: the
 * submit runs anyway, it marks every error and warns (spec 001 §5).
 */
function CompanyForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  children,
}: {
  form: StaffFormState<Input, Output>;
  children: ReactNode;
}) {
  const submitOnEnterWhenInvalid = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement) || form.methods.formState.isValid) return;
    event.preventDefault();
    event.target.form?.requestSubmit();
  };
  return (
    // The keys pressed in the form's inputs, heard around the form.
    <div onKeyDown={submitOnEnterWhenInvalid}>
      <StaffForm form={form}>
        <RequiredNote />
        {children}
      </StaffForm>
    </div>
  );
}

/** The setup form's fields as the screen names them, in the order they come. */
const SETUP_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...COMPANY_FIELD_LABELS,
  username: 'User name',
  password: 'Password',
  confirmPassword: 'Confirm password',
  setupCode: 'Setup code',
};
const SUBMIT_WHY_ID = 'setup-submit-why';

/**
 * Why Submit cannot be pressed yet (docs/design.md §34): the fields that still need filling in or fixing, by their
 * names on screen, instead of a button disabled without a word. The button is described by it.
 */
function SetupBlockers({ methods }: { methods: UseFormReturn<SetupFormInput, unknown, SetupFormOutput> }) {
  const values: unknown = useWatch({ control: methods.control });
  const wrong = new Set((SetupFormSchema.safeParse(values).error?.issues ?? []).map((issue) => issue.path.join('.')));
  // In the order the screen shows them.
  const names = Object.entries(SETUP_FIELD_LABELS).flatMap(([path, name]) => (wrong.has(path) ? [name] : []));
  if (names.length === 0) return null;
  return (
    <p className="app-form__note" id={SUBMIT_WHY_ID}>
      Submit becomes possible once these are filled in correctly: {names.join(', ')}.
    </p>
  );
}

const warnInvalid = () => notify.warning(COMPANY_MESSAGES.invalidForm);

/** The server's message for a refused save; the catalogue's sentence when no answer came at all. */
const saveFailure = (error: unknown) => (error instanceof ApiError && error.status !== 0 ? error.message : SAVE_FAILED);

/**
 * A save's call: a refusal is said in a toast (spec 001 §5), then given to the form, which marks the field it names.
 * The form says nothing more of a refusal about no field (its `onRefused`: `saidInToast`).
 */
async function toastRefusal<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    notify.error(saveFailure(error));
    throw error;
  }
}
const saidInToast = () => undefined;

/** First-run setup (docs/design.md §7): the company details, the first administrator and the setup code. */
function SetupForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  /** The logo once uploaded, for the file it was uploaded from: a second Submit (a taken name) sends it again as it is. */
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  /** The chosen logo uploaded with the setup code (docs/design.md §34); its address, or '' without one; null when refused. */
  const logoAddress = async (setupCode: string): Promise<string | null> => {
    if (!logoFile) return '';
    if (uploaded.current?.file === logoFile) return uploaded.current.url;
    const body = new FormData();
    body.append('setupCode', setupCode);
    body.append('file', logoFile);
    try {
      const answer = await api(setupApi.setupLogo, { body });
      uploaded.current = { file: logoFile, url: answer.url };
      return answer.url;
    } catch (error) {
      if (refusedField(error) === 'setupCode') markRefusedField(form.methods, error, ['setupCode']);
      else setLogoProblem(saveFailure(error));
      notify.error(saveFailure(error));
      return null;
    }
  };

  const form = useStaffForm<SetupFormInput, SetupFormOutput>({
    schema: SetupFormSchema,
    defaultValues: { company: { ...EMPTY_COMPANY }, username: '', password: '', confirmPassword: '', setupCode: '' },
    submit: async (values) => {
      const { confirmPassword: _confirm, ...setup } = values;
      setLogoProblem(null);
      const logo = await logoAddress(setup.setupCode);
      if (logo === null) return;
      try {
        await toastRefusal(api(setupApi.completeSetup, { body: { ...setup, company: { ...setup.company, logo } } }));
      } catch (error) {
        // Someone finished the setup meanwhile: with the session refreshed this screen becomes the guarded
        // company details (which send a visitor to the public site).
        if (error instanceof ApiError && error.status === 409)
          await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
        throw error;
      }
      // What earlier tries said (a wrong setup code, a taken name) no longer holds.
      notify.clear();
      notify.success(SET_UP);
      // No session refresh here: with setup done this screen would turn guarded and send the visitor to the
      // public site. The login screen refreshes the session when it opens.
      navigate('/login');
    },
    onInvalid: warnInvalid,
    onRefused: saidInToast,
  });
  const { isValid, isSubmitting } = form.methods.formState;

  return (
    <Screen
      title="Set up Folio"
      lead="Folio has no administrator yet. Enter your company's details and create the first administrator."
    >
      <CompanyForm form={form}>
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">Company details</legend>
          <CompanyFields idPrefix="setup" />
          <SetupLogoField
            file={logoFile}
            problem={logoProblem}
            onChange={(file) => {
              setLogoFile(file);
              setLogoProblem(null);
            }}
          />
        </fieldset>
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">First administrator</legend>
          <FormField
            name="username"
            id="setup-username"
            label="User name"
            required
            hint="3 to 30 letters, digits, dots, dashes or underscores."
            maxLength={30}
            autoComplete="username"
            spellCheck={false}
          />
          <div className="field-row">
            <FormField
              name="password"
              id="setup-password"
              label="Password"
              required
              type="password"
              hint="At least 12 characters."
              maxLength={200}
              autoComplete="new-password"
            />
            <FormField
              name="confirmPassword"
              id="setup-confirm-password"
              label="Confirm password"
              required
              type="password"
              maxLength={200}
              autoComplete="new-password"
            />
          </div>
        </fieldset>
        <FormField
          name="setupCode"
          id="setup-code"
          label="Setup code"
          required
          hint={SETUP_CODE_HINT}
          maxLength={100}
          spellCheck={false}
        />
        <SetupBlockers methods={form.methods} />
        <div className="app-actions">
          <button
            type="submit"
            className="button"
            disabled={!isValid || isSubmitting}
            aria-busy={isSubmitting || undefined}
            aria-describedby={isValid ? undefined : SUBMIT_WHY_ID}
          >
            Submit
          </button>
        </div>
      </CompanyForm>
    </Screen>
  );
}

const LOGO_TYPES = '.png,.jpg,.jpeg,image/png,image/jpeg';

/**
 * The firm's logo at setup (docs/design.md §34): a file chosen here, shown as it will be, uploaded on Submit with
 * the setup code (there is no session yet). Optional: the demo logo shows until one is uploaded, here or later on
 * the company details screen.
 */
function SetupLogoField({
  file,
  problem,
  onChange,
}: {
  file: File | null;
  problem: string | null;
  onChange: (file: File | null) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Read as a data: address, which the staff app's CSP allows for images (a blob: address it does not).
  useEffect(() => {
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return (
    <Field
      id="setup-logo"
      label="Logo"
      hint="Optional. A PNG or JPEG: the logo of your site's header, of this app and of the browser tab. You can change it later on Company details."
      error={problem ?? undefined}
    >
      {(control) => (
        <div className="setup-logo">
          <input
            {...control}
            ref={picker}
            type="file"
            accept={LOGO_TYPES}
            className="setup-logo__picker"
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
          {file && preview ? (
            <div className="setup-logo__chosen">
              <img className="setup-logo__preview" src={preview} alt={`The logo chosen: ${file.name}`} />
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  onChange(null);
                  if (picker.current) picker.current.value = '';
                  picker.current?.focus();
                }}
              >
                Remove the logo
              </button>
            </div>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** The company details screen once setup is done (administrators). */
function CompanyDetailsForm({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const form = useStaffForm<CompanyFormInput, CompanyFormOutput>({
    schema: CompanyFormSchema,
    defaultValues: { company: companyFormValues(company) },
    // The body sent is the company itself: the form holds it under `company`.
    prefix: 'company.',
    submit: async ({ company: saved }) => {
      const answer = await toastRefusal(api(companyApi.saveCompanyDetails, { body: saved }));
      const message = typeof answer?.message === 'string' ? answer.message : '';
      if (message !== 'Success') {
        notify.error(message || FALLBACK_MESSAGE);
        return;
      }
      notify.success(SAVED_ON_SCREEN.company);
      // The saved values become the form's new starting point (spec 001 §4: reset after a valid submit).
      form.methods.reset({ company: companyFormValues(saved) });
      queryClient.setQueryData(['company'], saved);
      // The header and footer show the company's name.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
    onInvalid: warnInvalid,
    onRefused: saidInToast,
  });
  const { isValid, isDirty, isSubmitting } = form.methods.formState;

  return (
    <CompanyForm form={form}>
      <CompanyFields idPrefix="company" />
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">On the public site</legend>
        <CompanySiteFields idPrefix="company" />
      </fieldset>
      <div className="app-actions">
        <button
          type="submit"
          className="button"
          disabled={!isValid || !isDirty || isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          Submit
        </button>
        <Link className="button button--outline" to="/Home">
          Back To Home
        </Link>
      </div>
    </CompanyForm>
  );
}

function CompanyDetails() {
  const company = useQuery({
    queryKey: ['company'],
    queryFn: () => api(companyApi.getCompanyDetails, { body: {} }),
    // Loaded once per visit: a refetch must not pull the form from under the user's edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <Screen title="Company Details">
      {company.data ? (
        <>
          <CompanyDetailsForm company={company.data} />
          <ContentApiSetting />
        </>
      ) : company.isError ? (
        <LoadFailure inline message={errorMessage(company.error)} onRetry={() => void company.refetch()} />
      ) : (
        <LoadingStatus inline />
      )}
    </Screen>
  );
}

/** /companyForm: the first-run setup while no administrator exists, the company details afterwards. */
export default function CompanyPage() {
  const session = useSession();
  if (session.data === undefined) {
    return session.isError ? (
      <LoadFailure message={errorMessage(session.error)} onRetry={() => void session.refetch()} />
    ) : (
      <LoadingStatus />
    );
  }
  if (session.data.setupPending) return <SetupForm />;
  return (
    <RequireScreen screen="companyForm">
      <CompanyDetails />
    </RequireScreen>
  );
}
