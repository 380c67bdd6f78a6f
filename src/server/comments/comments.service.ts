import {
  COMMENT_MESSAGES,
  mentionedNames,
  type CommentAdd,
  type CommentList,
  type CommentQuery,
  type CommentResolved,
} from '../../core/schemas/comment';
import { allowedScreens, mayEditPage, type SessionUser } from '../access/access';
import { audit } from '../audit/audit';
import { getCompanyDetails } from '../company/company.service';
import { inTransaction, type Db } from '../db/database';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { queueStaffMail } from '../mail/staff-mail';
import { documentStrategy } from '../pages/languages/translations.service';
import { languageDetails, nameInLanguage } from '../pages/document-strategy';
import type { Page } from '../pages/page-kind';
import { findPageById } from '../pages/resolve-page';
import type { Tenant } from '../tenants/tenants';
import { mentionMail } from './comment-mail';
import {
  findComment,
  findMentionedUsers,
  insertComment,
  listPageComments,
  setResolved,
  type CommentRow,
} from './comments.repository';

/**
 * Comments on a draft's fields (docs/design.md §32). Who may read and write a page's comments is who may edit the page
 * (the access layer decided it for the page a call names; resolving names a comment, whose page is checked here). A
 * comment is about a page in a language: `locale` '' is the source's, as revisions store it.
 */

/** What adding a comment needs besides the tenant: the mail of a mention and the site's address. */
export interface CommentTools {
  /** Sends queued staff mail at once (StaffMail.kick). */
  kickMail(): void;
  publicBaseUrl: string;
}

/** A page's comments in a language, each top-level one with its replies, oldest first. */
export async function listComments(
  tenant: Tenant,
  page: Page,
  query: CommentQuery,
  user: SessionUser,
): Promise<CommentList> {
  const documents = await documentStrategy(tenant, query.locale);
  const rows = await listPageComments(tenant.db, page.id, documents.locale);
  const reply = (row: CommentRow) => ({
    id: row.id,
    text: row.text,
    author: row.author_name,
    createdAt: row.created_at,
    mine: row.author_id === user.userId,
  });
  return {
    items: rows
      .filter((row) => row.reply_to === null)
      .map((row) => ({
        ...reply(row),
        path: row.path,
        resolved: row.resolved_at !== null,
        resolvedBy: row.resolved_by_name,
        resolvedAt: row.resolved_at,
        replies: rows.filter((other) => other.reply_to === row.id).map(reply),
      })),
  };
}

/**
 * Adds a comment on a field, or a reply to a comment of the same page and language that starts a thread (400 for a
 * reply to a reply, 404 for a comment elsewhere). Each `@username` who may edit the page, other than the writer, is
 * mailed, in the same transaction as the comment and its audit entry.
 */
export async function addComment(
  tenant: Tenant,
  page: Page,
  body: CommentAdd,
  user: SessionUser,
  tools: CommentTools,
  now = new Date(),
): Promise<{ id: number }> {
  const documents = await documentStrategy(tenant, body.locale ?? undefined);
  const locale = documents.locale;
  let path = body.path;
  if (body.replyTo !== undefined) {
    const parent = await findComment(tenant.db, body.replyTo);
    if (!parent || parent.page_id !== page.id || parent.locale !== locale)
      throw new NotFoundError(COMMENT_MESSAGES.notFound);
    if (parent.reply_to !== null) throw new ValidationError(COMMENT_MESSAGES.replyToReply, 'replyTo');
    path = parent.path;
  }
  const name = nameInLanguage(page.routing, locale);
  const mailed = await mentionsOf(tenant, page, body.text, user);
  const company = mailed.length > 0 ? await getCompanyDetails(tenant) : undefined;
  const id = await inTransaction(tenant.db, async (trx) => {
    const id = await insertComment(trx, {
      page_id: page.id,
      locale,
      path,
      text: body.text,
      reply_to: body.replyTo ?? null,
      author_id: user.userId,
      author_name: user.username,
      created_at: now.toISOString(),
    });
    for (const person of mailed)
      await queueStaffMail(
        trx,
        mentionMail({
          to: person.email,
          firstName: person.first_name,
          username: person.username,
          writer: user.username,
          pageName: name,
          path,
          text: body.text,
          editorLink: new URL(`${page.routing}${documents.editorQuery}`, tools.publicBaseUrl).href,
          siteName: company?.companyName || 'the website',
          logo: company?.logo ?? '',
          publicBaseUrl: tools.publicBaseUrl,
        }),
        now,
      );
    await audit(
      trx,
      tenant,
      {
        action: 'comment.add',
        targetType: 'page',
        targetId: page.routing,
        summary:
          body.replyTo === undefined
            ? `Commented on the field ${path} of ${name}`
            : `Replied to comment ${body.replyTo} on the field ${path} of ${name}`,
        details: {
          comment: id,
          path,
          ...(body.replyTo === undefined ? {} : { replyTo: body.replyTo }),
          ...(mailed.length > 0 ? { mentioned: mailed.map((person) => person.username) } : {}),
          ...languageDetails(locale),
        },
      },
      now,
    );
    return id;
  });
  if (mailed.length > 0) tools.kickMail();
  return { id };
}

/** The people a comment's `@username`s name who may edit the page, have a mail address and are not the writer. */
async function mentionsOf(tenant: Tenant, page: Page, text: string, user: SessionUser) {
  const names = mentionedNames(text).filter((name) => name.toLowerCase() !== user.username.toLowerCase());
  const people = await findMentionedUsers(tenant.db, names);
  const allowed = await Promise.all(
    people.map(async (person) =>
      person.id !== user.userId && person.email !== ''
        ? (await allowedScreens(tenant, person.id, person.group_id)).includes(page.routing)
        : false,
    ),
  );
  return people.filter((_, at) => allowed[at]);
}

/**
 * Resolves (`resolved` true) or reopens a comment that starts a thread: 404 for no such comment, 403 when the caller
 * may not edit its page, 400 for a reply.
 */
export async function resolveComment(
  tenant: Tenant,
  id: number,
  resolved: boolean,
  user: SessionUser,
  now = new Date(),
): Promise<CommentResolved> {
  const row = await findComment(tenant.db, id);
  const page = row ? await findPageById(tenant, row.page_id) : null;
  if (!row || !page) throw new NotFoundError(COMMENT_MESSAGES.noComment);
  if (!(await mayEditPage(tenant, user, page.routing)))
    throw new ForbiddenError('Your menu does not include this page.');
  if (row.reply_to !== null) throw new ValidationError(COMMENT_MESSAGES.resolveReply, 'id');
  const at = now.toISOString();
  const name = nameInLanguage(page.routing, row.locale);
  await inTransaction(tenant.db, async (trx: Db) => {
    await setResolved(trx, id, resolved ? { at, by: user.username } : null);
    await audit(
      trx,
      tenant,
      {
        action: resolved ? 'comment.resolve' : 'comment.reopen',
        targetType: 'page',
        targetId: page.routing,
        summary: `${resolved ? 'Resolved' : 'Reopened'} comment ${id} by ${row.author_name} on the field ${row.path} of ${name}`,
        details: { comment: id, path: row.path, ...languageDetails(row.locale) },
      },
      now,
    );
  });
  return resolved
    ? { id, resolved: true, resolvedBy: user.username, resolvedAt: at }
    : { id, resolved: false, resolvedBy: null, resolvedAt: null };
}
