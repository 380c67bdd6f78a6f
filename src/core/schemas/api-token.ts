import { z } from 'zod';
import { databaseId } from './ids';

/**
 * API tokens (docs/design.md §33): a user's key for another system, shown once, acting as that user within its scopes.
 * A token's scopes name what it may call; every call of the route table that a token may make says which scope it
 * needs (`scope` on its entry, src/core/api/route.ts), and any other call is refused to a token.
 */
export const TOKEN_SCOPES = ['content:read', 'content:write', 'enquiries:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope lets a token do, in the words of the account page. */
export const TOKEN_SCOPE_LABELS: Readonly<Record<TokenScope, string>> = {
  'content:read': 'Read published pages (the content API)',
  'content:write': 'Save pages, as drafts or published',
  'enquiries:read': 'Read enquiries from the contact form',
};

/** The longest a token may live. */
export const TOKEN_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/** What a token starts with, so that a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'folio_';

export const TOKEN_MESSAGES = {
  name: 'Give the token a name of 1 to 60 characters, e.g. the system that will use it.',
  scopes: 'Choose at least one thing the token may do.',
  expiresAt: `Choose when the token expires: a date from today up to ${TOKEN_MAX_DAYS} days from now.`,
  notFound: 'That token does not exist, or it is not yours.',
  revoked: 'The token is revoked: calls with it are refused from now on.',
  outOfScope: "This API token's scopes do not include this call.",
  invalid: 'This API token is not valid: it may have expired or been revoked.',
} as const;

/** The expiry as sent (an ISO date, the end of that day in UTC, or date-time): later than now, within a year. */
const ExpirySchema = z
  .string({ message: TOKEN_MESSAGES.expiresAt })
  .trim()
  .transform((value, context) => {
    const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value);
    const at = iso ? Date.parse(value.length === 10 ? `${value}T23:59:59.999Z` : value) : Number.NaN;
    if (Number.isNaN(at) || at <= Date.now() || at > Date.now() + (TOKEN_MAX_DAYS + 1) * DAY_MS) {
      context.addIssue({ code: 'custom', message: TOKEN_MESSAGES.expiresAt });
      return z.NEVER;
    }
    return new Date(at).toISOString();
  });

export const CreateTokenSchema = z.strictObject({
  name: z
    .string({ message: TOKEN_MESSAGES.name })
    .trim()
    .min(1, { message: TOKEN_MESSAGES.name })
    .max(60, { message: TOKEN_MESSAGES.name }),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { message: TOKEN_MESSAGES.scopes }), { message: TOKEN_MESSAGES.scopes })
    .min(1, { message: TOKEN_MESSAGES.scopes })
    .max(TOKEN_SCOPES.length, { message: TOKEN_MESSAGES.scopes })
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: ExpirySchema,
});
export type CreateTokenInput = z.input<typeof CreateTokenSchema>;

export const TokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof TokenSchema>;

export const TokenListSchema = z.object({ items: z.array(TokenSchema) });
export const CreatedTokenSchema = z.object({
  id: z.number().int(),
  /** Shown once: only its SHA-256 is kept. */
  token: z.string(),
});
export const TokenIdParamsSchema = z.strictObject({ id: databaseId() });
