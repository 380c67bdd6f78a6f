import { randomBytes } from 'node:crypto';
import {
  TOKEN_MESSAGES,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type ApiToken,
  type TokenScope,
} from '../../core/schemas/api-token';
import type { z } from 'zod';
import type { CreateTokenSchema } from '../../core/schemas/api-token';
import type { SessionUser } from '../access/access';
import { callerOf } from '../access/caller';
import { hashToken } from '../access/token-hash';
import { audit } from '../audit/audit';
import { inTransaction } from '../db/database';
import { NotFoundError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { findLiveToken, insertToken, listTokensOf, markTokenUsed, revokeTokenOf } from './tokens.repository';

/**
 * API tokens (docs/design.md §33, decision 040): made on the own account, shown once, kept as their SHA-256 (as session
 * tokens are, access.ts `hashToken`); `Authorization: Bearer folio_…` acts as the token's user within its scopes.
 */

/** A token's last use is written at most this often: a busy integration costs no write per call. */
const LAST_USED_EVERY_MS = 60_000;

const scopesOf = (stored: string): TokenScope[] =>
  stored.split(' ').filter((scope): scope is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(scope));

export async function listTokens(tenant: Tenant, session: SessionUser): Promise<{ items: ApiToken[] }> {
  const rows = await listTokensOf(tenant.db, session.userId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      scopes: scopesOf(row.scopes),
      expiresAt: row.expires_at,
      lastUsedAt: row.last_used_at,
    })),
  };
}

export async function createToken(
  tenant: Tenant,
  session: SessionUser,
  input: z.output<typeof CreateTokenSchema>,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await inTransaction(tenant.db, async (trx) => {
    const made = await insertToken(trx, {
      user_id: session.userId,
      name: input.name,
      scopes: input.scopes.join(' '),
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: input.expiresAt,
    });
    await audit(
      trx,
      tenant,
      {
        action: 'token.create',
        targetType: 'user',
        targetId: session.username,
        summary: `${session.username} made the API token ${input.name}`,
        details: { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt },
      },
      now,
    );
    return made;
  });
  return { id, token };
}

export async function revokeToken(
  tenant: Tenant,
  session: SessionUser,
  id: number,
  now = new Date(),
): Promise<{ message: string }> {
  await inTransaction(tenant.db, async (trx) => {
    const name = await revokeTokenOf(trx, session.userId, id, now.toISOString());
    if (name === undefined) throw new NotFoundError(TOKEN_MESSAGES.notFound);
    await audit(
      trx,
      tenant,
      {
        action: 'token.revoke',
        targetType: 'user',
        targetId: session.username,
        summary: `${session.username} revoked the API token ${name}`,
        details: { name },
      },
      now,
    );
  });
  return { message: TOKEN_MESSAGES.revoked };
}

/** The caller of a bearer token that starts with `folio_`: its user within its scopes, or null (401). */
export async function tokenCaller(tenant: Tenant, token: string, now = new Date()): Promise<SessionUser | null> {
  const row = await findLiveToken(tenant.db, hashToken(token), now.toISOString());
  if (!row) return null;
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_EVERY_MS)
    await markTokenUsed(tenant.db, row.token_id, now.toISOString());
  return callerOf(row, {
    sessionId: 0,
    csrfToken: '',
    via: 'token',
    token: { id: row.token_id, name: row.token_name, scopes: scopesOf(row.scopes) },
  });
}
