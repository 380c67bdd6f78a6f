import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import {
  SSO_CALLBACK_PATH,
  SSO_MESSAGES,
  defaultButtonLabel,
  type SignInSettings,
  type SignInSettingsData,
  type SingleSignOnButton,
} from '../../core/schemas/single-sign-on';
import { audit, changedFields } from '../audit/audit';
import type { SecretBox } from '../auth/secret-box';
import { inTransaction } from '../db/database';
import { ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { NotAProviderError, ProviderUnreachableError, discoverProvider, type ProviderClient } from './provider';
import {
  findSignInSettings,
  groupNameOf,
  listJoinableGroups,
  saveSignInSettingsRow,
  type SignInSettingsRow,
} from './single-sign-on.repository';

/** What the settings need besides the tenant: the key that seals the secret, and the site's address. */
export interface SignInSettingsDeps {
  box: SecretBox;
  publicBaseUrl: string;
}

/** The name the client secret is sealed under (SecretBox.sealSetting binds it to this name). */
const SECRET_SETTING = 'sign_in_settings.client_secret';

/** The address to give the provider as the redirect URI: PUBLIC_BASE_URL and the callback's path. */
export const callbackUrlOf = (publicBaseUrl: string) => new URL(SSO_CALLBACK_PATH.slice(1), publicBaseUrl).toString();

/** The settings of a site that never saved any: off, and administrators-only rules unchanged (password for all). */
const NO_SETTINGS = {
  enabled: 0,
  label: '',
  issuer: '',
  client_id: '',
  client_secret: null,
  join_domain: '',
  join_group_id: null,
  password_sign_in: 1,
} as const;

/** The client secret of stored settings, or null when none is stored or it is sealed under another key. */
function openSecret(box: SecretBox, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return box.openSetting(sealed, SECRET_SETTING);
  } catch {
    return null;
  }
}

/** GET /api/master/signin-settings: the settings with the secret only as none/set/unreadable. */
export async function readSignInSettings(tenant: Tenant, deps: SignInSettingsDeps): Promise<SignInSettings> {
  const [row, groups] = await Promise.all([findSignInSettings(tenant.db), listJoinableGroups(tenant.db)]);
  const stored = row ?? NO_SETTINGS;
  return {
    enabled: stored.enabled === 1,
    label: stored.label,
    issuer: stored.issuer,
    clientId: stored.client_id,
    secret: !stored.client_secret ? 'none' : openSecret(deps.box, stored.client_secret) === null ? 'unreadable' : 'set',
    joinDomain: stored.join_domain,
    joinGroupId: stored.join_group_id,
    passwordSignIn: stored.password_sign_in === 1,
    callbackUrl: callbackUrlOf(deps.publicBaseUrl),
    groups,
  };
}

/**
 * POST /api/master/signin-settings. An empty secret keeps the stored one. Turning single sign-on on needs a secret and
 * a provider that answers its discovery document for that issuer: checked before anything is stored, with a sentence
 * at the issuer when it cannot be reached or is no OpenID provider. Audited with the changed fields, never the secret
 * (a new one shows as `secretChanged`).
 */
export async function saveSignInSettings(
  tenant: Tenant,
  deps: SignInSettingsDeps,
  input: SignInSettingsData,
  savedBy: string | null,
  now = new Date(),
): Promise<SignInSettings> {
  const before = await findSignInSettings(tenant.db);
  const secret = input.clientSecret !== '' ? input.clientSecret : openSecret(deps.box, before?.client_secret ?? null);
  await checkJoinGroup(tenant, input.joinGroupId);
  if (input.enabled) {
    if (secret === null)
      throw new ValidationError(
        before?.client_secret ? SSO_MESSAGES.secretUnreadable : SSO_MESSAGES.clientSecret,
        'clientSecret',
      );
    await checkProvider({ issuer: input.issuer, clientId: input.clientId, clientSecret: secret });
  }
  const row = {
    enabled: input.enabled ? 1 : 0,
    label: input.label,
    issuer: input.issuer,
    client_id: input.clientId,
    client_secret:
      input.clientSecret !== ''
        ? deps.box.sealSetting(input.clientSecret, SECRET_SETTING)
        : (before?.client_secret ?? null),
    join_domain: input.joinDomain,
    join_group_id: input.joinDomain === '' ? null : input.joinGroupId,
    password_sign_in: input.passwordSignIn ? 1 : 0,
  };
  await inTransaction(tenant.db, async (trx) => {
    await saveSignInSettingsRow(trx, { ...row, updated_at: now.toISOString(), updated_by_name: savedBy });
    await audit(trx, tenant, {
      action: 'auth.sso_settings',
      targetType: 'sign-in settings',
      targetId: 'single sign-on',
      summary: `Saved the sign-in settings (single sign-on ${input.enabled ? 'on' : 'off'})`,
      details: {
        ...changedFields(before ? withoutSecret(before) : undefined, withoutSecret(row)),
        ...(input.clientSecret !== '' ? { secretChanged: true } : {}),
      },
    });
  });
  return readSignInSettings(tenant, deps);
}

function withoutSecret(row: Omit<SignInSettingsRow, 'id' | 'updated_at' | 'updated_by_name'>) {
  return {
    enabled: row.enabled,
    label: row.label,
    issuer: row.issuer,
    client_id: row.client_id,
    join_domain: row.join_domain,
    join_group_id: row.join_group_id,
    password_sign_in: row.password_sign_in,
  };
}

async function checkJoinGroup(tenant: Tenant, groupId: number | null): Promise<void> {
  if (groupId === null) return;
  if (groupId === ADMINISTRATORS_GROUP_ID) throw new ValidationError(SSO_MESSAGES.administrators, 'joinGroupId');
  if ((await groupNameOf(tenant.db, groupId)) === undefined)
    throw new ValidationError(SSO_MESSAGES.unknownGroup, 'joinGroupId');
}

async function checkProvider(client: ProviderClient): Promise<void> {
  try {
    await discoverProvider(client);
  } catch (error) {
    if (error instanceof ProviderUnreachableError) throw new ValidationError(SSO_MESSAGES.unreachable, 'issuer');
    if (error instanceof NotAProviderError) throw new ValidationError(SSO_MESSAGES.notProvider, 'issuer');
    throw error;
  }
}

/** The settings a sign-in uses, with the secret opened; null while single sign-on is off or cannot be used. */
export async function activeProvider(
  tenant: Tenant,
  box: SecretBox,
): Promise<(ProviderClient & { joinDomain: string; joinGroupId: number | null }) | null> {
  const row = await findSignInSettings(tenant.db);
  if (!row || row.enabled !== 1) return null;
  const clientSecret = openSecret(box, row.client_secret);
  if (clientSecret === null) return null;
  return {
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret,
    joinDomain: row.join_domain,
    joinGroupId: row.join_group_id,
  };
}

/** GET /api/auth/sso: the button's words while single sign-on is on (and its secret readable), else null. */
export async function singleSignOnButton(tenant: Tenant, box: SecretBox): Promise<SingleSignOnButton> {
  const row = await findSignInSettings(tenant.db);
  if (!row || row.enabled !== 1 || openSecret(box, row.client_secret) === null) return { label: null };
  return { label: row.label || defaultButtonLabel(row.issuer) };
}

/**
 * Whether a user of `groupId` may sign in with a password: always an administrator (they must never be locked out by
 * a provider that is down), and anyone else unless single sign-on is on and says otherwise.
 */
export async function mayUsePassword(tenant: Tenant, groupId: number): Promise<boolean> {
  if (groupId === ADMINISTRATORS_GROUP_ID) return true;
  const row = await findSignInSettings(tenant.db);
  return !row || row.enabled !== 1 || row.password_sign_in === 1;
}
