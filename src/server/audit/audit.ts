import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Db } from '../db/database';
import type { AuditAction, AuditTargetType } from '../../core/schemas/audit';
import { insertAuditEntry } from './audit.repository';

/**
 * The audit log (docs/design.md §21), one small module: a service that changes something calls `audit(trx, tenant,
 * entry)` with its own transaction, so the entry commits with the change or not at all. Who and from where
 * come from the request (or the shell's command), not from each service: the access layer opens an audit
 * context for every API request and names its user once the session is known.
 */

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '../../core/schemas/audit';

export interface AuditEntry {
  action: AuditAction;
  /** What was changed: `page`, `user`, `group`, `company`, … (the types beside the action names in core). */
  targetType: AuditTargetType;
  /** The target's name where it has one (a routing name, a user name, a group name), else its id. */
  targetId: string | number;
  /** One sentence naming the target: `Created user jdoe`. */
  summary: string;
  /** The changed fields, before and after for short values. Secrets and long texts are never kept (see below). */
  details?: Record<string, unknown>;
  /** Who, when the context does not know yet (a sign-in names its user before any session exists). */
  userName?: string | null;
}

/** Who makes the changes of the current request or command. */
export interface AuditActor {
  userName: string | null;
  ip: string | null;
  /** How the user called, when not from the staff app: `API token "CRM sync"` (docs/design.md §33). */
  via?: string;
}

const actors = new AsyncLocalStorage<AuditActor>();

/**
 * An onRequest hook (API routes only, ahead of the access check): the rest of the request runs in an audit
 * context that knows the caller's address; `nameAuditUser` adds the user once the session is resolved.
 */
export function enterAuditContext(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  actors.run({ userName: null, ip: request.ip }, done);
}

/** Names the user of the current audit context (the access layer, once it knows the session; sign-in). */
export function nameAuditUser(userName: string | null, via?: string): void {
  const actor = actors.getStore();
  if (!actor) return;
  actor.userName = userName;
  if (via === undefined) delete actor.via;
  else actor.via = via;
}

/** Runs `work` as `actor` (the shell's commands, jobs, tests). */
export function runAs<T>(actor: AuditActor, work: () => T): T {
  return actors.run({ ...actor }, work);
}

export function currentAuditActor(): AuditActor {
  return actors.getStore() ?? { userName: null, ip: null };
}

/**
 * Keys whose values never reach the log, whatever a service passes: passwords, tokens, secrets, codes, hashes. A
 * passkey's name and count are no secret (docs/design.md §33): `passkey…` keys stay.
 */
const SECRET_KEY = /pass(?!key)(word)?|token|secret|otp|code$|codes|hash|cookie|salt/i;
/** Longer strings are recorded by their length only (rich text, long descriptions). */
const LONGEST_VALUE = 200;

/** The details as stored: secret keys dropped, long strings replaced by their length, at any depth. */
export function cleanAuditDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > LONGEST_VALUE ? `(${value.length} characters)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '(nested)';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => cleanAuditDetails(item, depth + 1));
  const clean: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) continue;
    clean[key] = cleanAuditDetails(item, depth + 1);
  }
  return clean;
}

/** Writes an entry in the caller's transaction (`trx`), so it commits with the change or not at all. */
export async function audit(
  trx: Db,
  tenant: { readonly name: string },
  entry: AuditEntry,
  at = new Date(),
): Promise<void> {
  const actor = currentAuditActor();
  await insertAuditEntry(trx, {
    at: at.toISOString(),
    tenant: tenant.name,
    user_name: entry.userName !== undefined ? entry.userName : actor.userName,
    ip: actor.ip,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    summary: entry.summary,
    details: JSON.stringify(
      cleanAuditDetails(actor.via ? { ...entry.details, via: actor.via } : (entry.details ?? {})),
    ),
  });
}

/** The fields whose values differ between two records, with before and after (for `details`). */
export function changedFields<T extends Record<string, unknown>>(
  before: T | undefined,
  after: T,
): Record<string, { before: unknown; after: unknown }> {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const was = before?.[key];
    if (JSON.stringify(was) !== JSON.stringify(after[key])) changed[key] = { before: was ?? null, after: after[key] };
  }
  return changed;
}
