import { Link, useNavigate } from 'react-router';
import { useIdParam } from '../../lib/id-param';
import { z } from 'zod';
import { House, Save, ShieldOff, Users } from 'lucide-react';
import { GENDERS, SALUTATIONS, USER_MESSAGES, userSchema, type UserRecord } from '../../../../core/schemas/user';
import { INDIA, PHONE_MAX_LENGTH, readPhoneLeniently } from '../../../../core/phone';
import { errorMessage, useSession } from '../../lib/api';
import { FormField, FormSelect, RequiredNote } from '../../components/form-field';
import { CheckboxField } from '../../components/checkbox-field';
import { useConfirm } from '../../components/confirm-dialog';
import { StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useResetTwoFactor, useSaveUser, useUserGroupOptions, useUserRecord } from './api';
import '../../../styles/data-table.css';
import { inPlainWords, SAVED_ON_SCREEN } from '../../lib/screen-words';

/**
 * The form's values: the server's user schema in the company's country (its mobiles read leniently: the server
 * reads them exactly, docs/design.md §34) with the group as the select's string and the flag as a boolean.
 */
const userFormSchema = (country: string) =>
  userSchema({ country, read: readPhoneLeniently })
    .omit({ userID: true, usergroupid: true, selfactive: true })
    .extend({
      usergroupid: z.string().regex(/^[1-9]\d*$/, { message: USER_MESSAGES.group }),
      selfactive: z.boolean(),
    });
type UserFormSchema = ReturnType<typeof userFormSchema>;
type UserFormInput = z.input<UserFormSchema>;
type UserFormOutput = z.output<UserFormSchema>;

const EMPTY_USER: UserFormInput = {
  employeecode: '',
  salutation: '',
  gender: '',
  firstname: '',
  middlename: '',
  lastname: '',
  address: '',
  mobile: '',
  mobile1: '',
  email: '',
  selfaccessforuser: '',
  password: '',
  usergroupid: '',
  selfactive: true,
};

function formValues(record: UserRecord): UserFormInput {
  return {
    employeecode: record.employeecode,
    salutation: (SALUTATIONS as readonly string[]).includes(record.salutation)
      ? (record.salutation as UserFormInput['salutation'])
      : '',
    gender: (GENDERS as readonly string[]).includes(record.gender) ? (record.gender as UserFormInput['gender']) : '',
    firstname: record.firstname,
    middlename: record.middlename,
    lastname: record.lastname,
    address: record.address,
    mobile: record.mobile,
    mobile1: record.mobile1,
    email: record.email,
    selfaccessforuser: record.selfaccessforuser,
    password: '',
    usergroupid: String(record.usergroupid),
    selfactive: record.selfactive,
  };
}

/** The hint under a mobile: in India the spec's ten digits, elsewhere a number of the company's country (docs/design.md §34). */
const mobileHint = (country: string) =>
  country === INDIA
    ? '10 digits starting with 6, 7, 8 or 9; a number of another country with its code, like +49 151 23456789.'
    : "A number of the company's country, or with the country code, like +91 98220 12345.";

/** A mobile number: any country's, nothing cut short of the longest number. */
function MobileField({
  name,
  id,
  label,
  country,
}: {
  name: 'mobile' | 'mobile1';
  id: string;
  label: string;
  country: string;
}) {
  return (
    <FormField
      name={name}
      id={id}
      label={label}
      type="tel"
      inputMode="tel"
      maxLength={PHONE_MAX_LENGTH}
      hint={mobileHint(country)}
    />
  );
}

/** Go to UserHome and Back to Home: the form screen's way out, beside its title. */
const NAVIGATION = (
  <div className="screen-actions">
    <Link className="button button--outline" to="/userHomepage">
      <Users className="button__icon" aria-hidden="true" focusable="false" />
      Go to UserHome
    </Link>
    <Link className="button button--outline" to="/Home">
      <House className="button__icon" aria-hidden="true" focusable="false" />
      Back to Home
    </Link>
  </div>
);

/** user, user/:id: User Details, System Access and the Active flag (spec 001 §2, §5, §8). */
export function UserFormScreen() {
  const userId = useIdParam();
  const record = useUserRecord(userId);
  // The form mounts with its group options: a select whose saved option is not there yet would read as empty.
  const groups = useUserGroupOptions();
  const title = userId === undefined ? 'New User' : 'Edit User';
  return (
    <Screen title={title} actions={NAVIGATION}>
      {(userId !== undefined && record.isPending) || groups.isPending ? (
        <LoadingStatus inline />
      ) : userId !== undefined && record.isError ? (
        <LoadFailure inline message={errorMessage(record.error)} onRetry={() => void record.refetch()} />
      ) : (
        <>
          <UserForm
            key={userId ?? 'new'}
            userId={userId}
            initial={record.data ? formValues(record.data) : EMPTY_USER}
          />
          {userId !== undefined && record.data ? (
            <TwoStepStatus userId={userId} userName={record.data.selfaccessforuser} on={record.data.twoFactor} />
          ) : null}
        </>
      )}
    </Screen>
  );
}

function UserForm({ userId, initial }: { userId: number | undefined; initial: UserFormInput }) {
  const navigate = useNavigate();
  const groups = useUserGroupOptions();
  const saveUser = useSaveUser();
  const country = useSession().data?.countryCode ?? INDIA;
  const form = useStaffForm<UserFormInput, UserFormOutput>({
    schema: userFormSchema(country),
    defaultValues: initial,
    submit: async (values) => {
      if (userId === undefined && !values.password) {
        notify.warning(inPlainWords(USER_MESSAGES.password), 'Warning');
        form.methods.setFocus('password');
        return;
      }
      const payload = {
        ...values,
        usergroupid: Number(values.usergroupid),
        ...(userId === undefined ? {} : { userID: userId }),
      };
      const answer = await saveUser.mutateAsync(payload);
      if (answer.status === 'Success' || answer.status === 'Success1') {
        notify.success(SAVED_ON_SCREEN.user);
        void navigate('/userHomepage');
      } else {
        notify.error(answer.rescoremessage || answer.message);
      }
    },
    // A refusal about a field shows at it (a user name taken, a mobile the server cannot read); any other as a toast.
    onRefused: (message) => notify.error(message),
    onInvalid: () => {
      if (userId === undefined && !form.methods.getValues('password'))
        notify.warning(inPlainWords(USER_MESSAGES.password), 'Warning');
    },
  });
  const { register } = form.methods;

  const groupOptions = (groups.data ?? []).map((group) => ({ value: String(group.id), label: group.groupname }));
  return (
    <StaffForm form={form}>
      <RequiredNote />
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">User Details</legend>
        <FormField name="employeecode" id="employeecode" label="Code" maxLength={20} />
        <FormSelect
          name="salutation"
          id="salutation"
          label="Salutation"
          placeholder="Select salutation"
          options={SALUTATIONS.map((value) => ({ value, label: value }))}
        />
        <FormSelect
          name="gender"
          id="gender"
          label="Gender"
          placeholder="Select gender"
          options={GENDERS.map((value) => ({ value, label: value }))}
        />
        <FormField
          name="firstname"
          id="firstname"
          label="First name"
          required
          maxLength={20}
          autoComplete="given-name"
        />
        <FormField
          name="middlename"
          id="middlename"
          label="Middle name"
          maxLength={20}
          autoComplete="additional-name"
        />
        <FormField name="lastname" id="lastname" label="Last name" maxLength={20} autoComplete="family-name" />
        <FormField name="address" id="address" label="Address" multiline maxLength={500} />
        <MobileField name="mobile" id="mobile" label="Mobile" country={country} />
        <MobileField name="mobile1" id="mobile1" label="Second mobile" country={country} />
        <FormField name="email" id="email" label="Email" type="email" maxLength={100} />
      </fieldset>
      <fieldset className="app-fieldset">
        <legend className="app-fieldset__legend">System Access</legend>
        <FormField name="selfaccessforuser" id="selfaccessforuser" label="User name" required maxLength={30} />
        <FormField
          name="password"
          id="password"
          label="Password"
          type="password"
          required={userId === undefined}
          autoComplete="new-password"
          hint={userId === undefined ? 'At least 12 characters.' : 'Leave empty to keep the current password.'}
        />
        {groups.isError ? (
          <LoadFailure inline message={errorMessage(groups.error)} onRetry={() => void groups.refetch()} />
        ) : (
          <FormSelect
            name="usergroupid"
            id="usergroupid"
            label="User group"
            required
            placeholder="Select user group"
            options={groupOptions}
          />
        )}
      </fieldset>
      <CheckboxField id="selfactive" label="Active" {...register('selfactive')} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={Save}>
          Save
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

/**
 * The user's two-step sign-in (docs/design.md §21): On or Off (an authenticator app or a passkey, §33), and for an
 * administrator the way to turn it off for a user who lost their phone and their recovery codes, or the device of their
 * passkeys (they turn it on again in their account).
 */
function TwoStepStatus({ userId, userName, on }: { userId: number; userName: string; on: boolean }) {
  const resetTwoFactor = useResetTwoFactor();
  const { confirm, dialog } = useConfirm();

  const turnOff = async () => {
    if (resetTwoFactor.isPending) return;
    const question = `${userName} will sign in with their password alone until they turn two-step sign-in on again or add a passkey in their account. Their passkeys are removed too.`;
    if (!(await confirm(question, { title: 'Turn off two-step sign-in?', confirmLabel: 'Turn off', danger: true })))
      return;
    try {
      const answer = await resetTwoFactor.mutateAsync(userId);
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <section className="app-panel app-form" aria-labelledby="user-two-step">
      <h2 className="app-fieldset__legend" id="user-two-step" style={{ paddingInline: 0 }}>
        Two-step sign-in
      </h2>
      <p>
        Two-step sign-in: <strong>{on ? 'On' : 'Off'}</strong>
      </p>
      {on ? (
        <div className="app-actions">
          <button
            type="button"
            className="button button--outline button--danger"
            disabled={resetTwoFactor.isPending}
            aria-busy={resetTwoFactor.isPending || undefined}
            onClick={() => void turnOff()}
          >
            <ShieldOff className="button__icon" aria-hidden="true" focusable="false" />
            Turn off two-step sign-in
          </button>
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
