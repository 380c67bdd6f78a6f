import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Copy, KeySquare, Trash2, TriangleAlert } from 'lucide-react';
import {
  CreateTokenSchema,
  TOKEN_MAX_DAYS,
  TOKEN_SCOPE_LABELS,
  TOKEN_SCOPES,
  TokenListSchema,
  type ApiToken,
} from '../../../core/schemas/api-token';
import * as tokensApi from '../../../core/api/tokens';
import { api, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/date-time';
import { FormField, RequiredNote, useFieldError } from '../components/form-field';
import { useConfirm } from '../components/confirm-dialog';
import { LoadingStatus } from '../components/screen';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { notify } from '../toasts';
import { copyText } from './recovery-codes';
import { useFormContext } from 'react-hook-form';

/** The form's values: the expiry as the date field gives it (`2027-03-01`), the scopes as ticked. */
const TokenFormSchema = CreateTokenSchema.extend({ scopes: z.array(z.string()).pipe(CreateTokenSchema.shape.scopes) });
type TokenFormInput = z.input<typeof TokenFormSchema>;
type TokenFormOutput = z.output<typeof TokenFormSchema>;

const TOKENS_KEY = ['account', 'tokens'] as const;
const DAY_MS = 86_400_000;
/** A day `days` from now, as a date field holds it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The own account's API tokens (docs/design.md §33): for another system (a CRM, a script) to call Folio as this user,
 * within the scopes ticked, until the token expires or is revoked. A new token is shown once.
 */
export function ApiTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: async () => TokenListSchema.parse(await api(tokensApi.listTokens)).items,
  });
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });

  return (
    <>
      <p>
        An API token lets another system (your CRM, a script) read or change this site as you, limited to what you tick.
        Treat it like a password: anyone who has it can do what it allows until it expires or you revoke it.
      </p>
      {tokens.isPending ? <LoadingStatus /> : null}
      {tokens.isError ? <RefusalBox message={errorMessage(tokens.error)} /> : null}
      {tokens.data ? <TokenTable tokens={tokens.data} onRevoked={refresh} /> : null}
      {made ? (
        <NewToken made={made} onDone={() => setMade(null)} />
      ) : (
        <NewTokenForm
          onMade={async (name, token) => {
            setMade({ name, token });
            await refresh();
          }}
        />
      )}
    </>
  );
}

function TokenTable({ tokens, onRevoked }: { tokens: readonly ApiToken[]; onRevoked: () => Promise<void> }) {
  const { confirm, dialog } = useConfirm();
  const revoke = useMutation({
    mutationFn: (id: number) => api(tokensApi.revokeToken, { params: { id }, body: {} }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await onRevoked();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (tokens.length === 0) return <p className="account-status">You have no API tokens.</p>;
  const now = Date.now();
  return (
    <div className="table-scroll">
      <table className="data-table account-tokens">
        <caption className="visually-hidden">Your API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">May</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">{token.name}</th>
              <td>{token.scopes.map((scope) => TOKEN_SCOPE_LABELS[scope]).join('; ')}</td>
              <td>
                {Date.parse(token.expiresAt) <= now ? <strong>Expired </strong> : null}
                {formatDateTime(token.expiresAt)}
              </td>
              <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={revoke.isPending}
                  onClick={async () => {
                    const yes = await confirm(`Revoke the API token ${token.name}?`, {
                      title: 'Revoke the token',
                      confirmLabel: 'Revoke',
                      danger: true,
                      details: 'Calls with it are refused at once. This cannot be undone.',
                    });
                    if (yes) revoke.mutate(token.id);
                  }}
                >
                  <Trash2 aria-hidden="true" focusable="false" /> Revoke
                  <span className="visually-hidden"> {token.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {dialog}
    </div>
  );
}

/** The scopes as ticks; the server's or the schema's sentence under them. */
function ScopeTicks() {
  const { register } = useFormContext<TokenFormInput>();
  const message = useFieldError('scopes');
  const errorId = useId();
  return (
    <fieldset className="app-fieldset account-scopes" aria-describedby={message ? errorId : undefined}>
      <legend className="app-fieldset__legend">
        What it may do <span aria-hidden="true">*</span>
      </legend>
      {TOKEN_SCOPES.map((scope) => (
        <div key={scope} className="account-scope">
          <input id={`token-scope-${scope}`} type="checkbox" value={scope} {...register('scopes')} />
          <label htmlFor={`token-scope-${scope}`}>{TOKEN_SCOPE_LABELS[scope]}</label>
          <code>{scope}</code>
        </div>
      ))}
      {message ? (
        <p className="field__error" id={errorId}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function NewTokenForm({ onMade }: { onMade: (name: string, token: string) => Promise<void> }) {
  const form = useStaffForm<TokenFormInput, TokenFormOutput>({
    schema: TokenFormSchema,
    defaultValues: { name: '', scopes: ['content:read'], expiresAt: dayFromNow(90) },
    submit: async (values) => {
      const answer = await api(tokensApi.createToken, { body: values });
      form.methods.reset();
      await onMade(values.name, answer.token);
    },
  });
  return (
    <StaffForm form={form} className="app-form account-subform" aria-labelledby="account-new-token">
      <h3 className="account-subform__title" id="account-new-token">
        New API token
      </h3>
      <RequiredNote />
      <div className="field-row">
        <FormField
          name="name"
          id="token-name"
          label="Name"
          required
          maxLength={60}
          hint="What will use it, e.g. CRM."
        />
        <FormField
          name="expiresAt"
          id="token-expires"
          label="Expires on"
          type="date"
          required
          hint={`At most ${TOKEN_MAX_DAYS} days from today.`}
        />
      </div>
      <ScopeTicks />
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={KeySquare}>
          Make the token
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

/** The token just made, shown once: copy it now. */
function NewToken({ made, onDone }: { made: { name: string; token: string }; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that was submitted went away: the token takes the focus.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="account-codes account-subform" aria-labelledby="account-token-made">
      <h3 className="account-codes__title" id="account-token-made" ref={heading} tabIndex={-1}>
        Your new token {made.name}
      </h3>
      <div className="account-warning">
        <TriangleAlert aria-hidden="true" focusable="false" />
        <p>Copy it now: it is shown only this once. Folio keeps only a fingerprint of it.</p>
      </div>
      <p>
        <code className="account-secret account-token">{made.token}</code>
      </p>
      <p>
        Send it as <code>Authorization: Bearer {made.token.slice(0, 10)}…</code>
      </p>
      <div className="app-actions">
        <button type="button" className="button" onClick={() => void copyText(made.token, 'The token')}>
          <Copy aria-hidden="true" focusable="false" /> Copy the token
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
