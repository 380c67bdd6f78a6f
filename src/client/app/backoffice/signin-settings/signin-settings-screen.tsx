import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Copy, Save } from 'lucide-react';
import { z } from 'zod';
import {
  SSO_MESSAGES,
  SignInSettingsFieldsSchema,
  checkSignInSettings,
  defaultButtonLabel,
  type SignInSettings,
} from '../../../../core/schemas/single-sign-on';
import { Field } from '../../../components/field';
import { copyText } from '../../account/recovery-codes';
import { CheckboxField } from '../../components/checkbox-field';
import { FormField, FormSelect } from '../../components/form-field';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { errorMessage } from '../../lib/api';
import { notify } from '../../toasts';
import { useSaveSignInSettings, useSignInSettings } from './api';
import '../../../styles/preview-share.css';

/** The form's values: the settings' fields, with the group as the select's text. */
const SettingsFormSchema = SignInSettingsFieldsSchema.extend({
  joinGroupId: z.string().transform((value) => (value === '' ? null : Number(value))),
}).superRefine(checkSignInSettings);
type SettingsInput = z.input<typeof SettingsFormSchema>;
type SettingsOutput = z.output<typeof SettingsFormSchema>;

const formValues = (settings: SignInSettings): SettingsInput => ({
  enabled: settings.enabled,
  label: settings.label,
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: '',
  joinDomain: settings.joinDomain,
  joinGroupId: settings.joinGroupId === null ? '' : String(settings.joinGroupId),
  passwordSignIn: settings.passwordSignIn,
});

/** What the secret's field says about the one stored: it is never shown, only replaced. */
const SECRET_HINTS: Record<SignInSettings['secret'], string> = {
  none: 'Shown once by the provider when you registered Folio there. Folio keeps it sealed and never shows it again.',
  set: 'Set. Leave empty to keep it; type a new one to replace it.',
  unreadable: SSO_MESSAGES.secretUnreadable,
};

/**
 * signin-settings (Administrators, docs/design.md §33): single sign-on with the firm's OpenID Connect provider (Google
 * Workspace, Microsoft Entra ID, …): the callback address to register there, the issuer, client id and secret, the
 * button's words, who joins by signing in, and whether others keep the password sign-in.
 */
export default function SignInSettingsScreen() {
  const settings = useSignInSettings();
  return (
    <Screen
      title="Sign-in settings"
      lead="Let staff sign in with the firm’s own accounts (single sign-on). Administrators can always sign in with their password."
      actions={<BackToHomeLink />}
    >
      {settings.isPending ? (
        <LoadingStatus inline />
      ) : settings.isError ? (
        <LoadFailure message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} inline />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Screen>
  );
}

function SettingsForm({ settings }: { settings: SignInSettings }) {
  const save = useSaveSignInSettings();
  const form = useStaffForm<SettingsInput, SettingsOutput>({
    schema: SettingsFormSchema,
    defaultValues: formValues(settings),
    submit: async (values) => {
      // The secret typed is sent once: the form starts again from what is stored (the secret then only "Set").
      form.methods.reset(formValues(await save.mutateAsync(values)));
      notify.success(SSO_MESSAGES.saved, 'Saved');
    },
  });
  return (
    <StaffForm form={form} aria-label="Sign-in settings">
      <CallbackAddress address={settings.callbackUrl} />
      <ProviderFields settings={settings} />
      <JoinFields settings={settings} />
      <CheckboxField
        id="sso-password"
        label="People other than administrators may still sign in with a password"
        {...form.methods.register('passwordSignIn')}
      />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={Save}>
          Save
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

/** The address to give the provider as the redirect URI, with Copy. */
function CallbackAddress({ address }: { address: string }) {
  const id = useId();
  return (
    <div className="share-dialog__created">
      <Field
        id={id}
        label="Callback address"
        hint="Register Folio at your provider as a web application with this address as its redirect URI."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="text"
            readOnly
            value={address}
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <button type="button" className="button button--outline" onClick={() => void copyText(address, 'The address')}>
        <Copy className="button__icon" aria-hidden="true" focusable="false" />
        Copy
      </button>
    </div>
  );
}

function ProviderFields({ settings }: { settings: SignInSettings }) {
  const { register, watch } = useFormContext<SettingsInput>();
  const issuer = watch('issuer');
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">Provider</legend>
      <CheckboxField id="sso-enabled" label="Show the sign-in button on the login page" {...register('enabled')} />
      <FormField
        name="issuer"
        id="sso-issuer"
        label="Issuer"
        type="url"
        hint="The provider’s address: https://accounts.google.com for Google; https://login.microsoftonline.com/<your tenant id>/v2.0 for Microsoft."
        maxLength={500}
        spellCheck={false}
        autoCapitalize="none"
      />
      <FormField name="clientId" id="sso-client-id" label="Client id" maxLength={500} spellCheck={false} />
      <FormField
        name="clientSecret"
        id="sso-client-secret"
        label="Client secret"
        type="password"
        autoComplete="new-password"
        hint={SECRET_HINTS[settings.secret]}
        maxLength={2000}
      />
      <FormField
        name="label"
        id="sso-label"
        label="Button words"
        hint={`Leave empty for “${defaultButtonLabel(issuer)}”.`}
        maxLength={60}
      />
    </fieldset>
  );
}

function JoinFields({ settings }: { settings: SignInSettings }) {
  return (
    <fieldset className="app-fieldset">
      <legend className="app-fieldset__legend">New people</legend>
      <p className="app-form__note">
        Someone signs in when an active user has the email address the provider vouches for. Without one, Folio can make
        the user, for one domain of yours.
      </p>
      <FormField
        name="joinDomain"
        id="sso-domain"
        label="New users of the domain"
        hint="Such as firm.example. Leave empty to let only existing users sign in."
        maxLength={253}
        spellCheck={false}
        autoCapitalize="none"
      />
      <FormSelect
        name="joinGroupId"
        id="sso-group"
        label="Join the group"
        placeholder="No group"
        options={settings.groups.map((group) => ({ value: String(group.id), label: group.name }))}
      />
    </fieldset>
  );
}
