import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  demoDocument as CONTACT_DEMO_DOCUMENT,
  CONTACT_DETAIL_FIELDS,
  type ContactContent,
} from '../../core/content/contact';
import { contentPageByKey } from '../../core/pages';
import type { Company, SetupData } from '../../core/schemas/company';
import { contactDetailsOf, writeCompany } from '../company/company.service';
import { audit } from '../audit/audit';
import { invalidate } from '../cache/cached';
import { TAGS } from '../cache/tags';
import { findNewestRevision, insertRevision, pruneRevisions } from '../pages/revisions/page.repository';
import { documentOf, publishedTags } from '../pages/page.service';
import { inTransaction, type Db } from '../db/database';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import { ConflictError, ValidationError } from '../errors';
import { deleteSetting, readSetting, settingOrInsert } from '../settings/settings.repository';
import type { Tenant } from '../tenants/tenants';
import { findUserIdByUsername } from '../users/users.repository';
import { createUser, hasActiveAdministrator } from '../users/users.service';

/** Where the first-run setup code is kept while setup is pending: in the database, so every instance prints the same. */
const SETUP_CODE_SETTING = 'setup-code';

/**
 * The first administrator (docs/design.md §7): from ADMIN_PASSWORD on the first start of an empty database, else
 * through the first-run setup, which needs a one-time code printed in the server log (so whoever reaches
 * the site first cannot take it over). The code lives in the tenant's database (docs/design.md §18): every instance
 * started on it prints the same one, and any of them accepts it. Called at start-up for every tenant.
 */
export async function prepareFirstAdministrator(
  tenant: Tenant,
  adminPassword: string | undefined,
  site: { publicBaseUrl: string; tenants: string[] },
  log: FastifyBaseLogger,
): Promise<void> {
  const { db, name } = tenant;
  if (await hasActiveAdministrator(db)) {
    await deleteSetting(db, SETUP_CODE_SETTING);
    return;
  }
  if (adminPassword && (await findUserIdByUsername(db, 'admin')) === undefined) {
    try {
      await createUser(db, {
        username: 'admin',
        password: adminPassword,
        groupId: ADMINISTRATORS_GROUP_ID,
        firstName: 'Administrator',
      });
      log.info({ tenant: name }, 'created user admin (Administrators) from ADMIN_PASSWORD');
    } catch (error) {
      // Two instances starting together on an empty database: the other one made it.
      if ((await findUserIdByUsername(db, 'admin')) === undefined) throw error;
    }
    return;
  }
  const code = await storedOrNewSetupCode(db);
  // A warning, so that a log kept at LOG_LEVEL=warn still shows it. The code is a field of its own: a readable log
  // writes it alone on its line (log-format.ts), a JSON one keeps it apart from the sentence.
  const whose = site.tenants.length > 1 ? ` of tenant ${name}` : '';
  log.warn(
    { tenant: name, setupCode: code },
    `First-run setup${whose}: open ${site.publicBaseUrl}companyForm and enter the setup code`,
  );
}

/**
 * The stored setup code, or a new one stored now (`XXXX-XXXX-XXXX`, 48 random bits): the server's start and the
 * shell's `./folio setup-code` (on a database no server has started on yet) make it here, and whichever comes
 * first wins, so both always show the same one.
 */
export async function storedOrNewSetupCode(db: Db): Promise<string> {
  return settingOrInsert(
    db,
    SETUP_CODE_SETTING,
    randomBytes(6)
      .toString('hex')
      .toUpperCase()
      .replace(/(.{4})(?=.)/g, '$1-'),
  );
}

/** The setup code while setup is pending, else null. */
export async function pendingSetupCode(tenant: Tenant): Promise<string | null> {
  if (await hasActiveAdministrator(tenant.db)) return null;
  return (await readSetting(tenant.db, SETUP_CODE_SETTING)) ?? null;
}

/**
 * Whether a call may act for the first-run setup: setup is pending (409 once done) and `given` is its code (400 at
 * the field setupCode), compared in constant time.
 */
export async function checkSetupCode(tenant: Tenant, given: string): Promise<void> {
  const code = await pendingSetupCode(tenant);
  if (!code)
    throw new ConflictError('Folio is already set up. Log in as an administrator to edit the company details.');
  const expected = Buffer.from(code);
  const typed = Buffer.from(given.trim().toUpperCase());
  if (expected.length !== typed.length || !timingSafeEqual(expected, typed))
    throw new ValidationError('The setup code is not correct.', 'setupCode');
}

/**
 * Completes the first-run setup: company details, the Contact page's details where they are still the demo's,
 * and the first administrator, in one transaction. `keepRevisions` is REVISIONS_PER_PAGE (0 keeps all).
 */
export async function completeSetup(
  tenant: Tenant,
  input: SetupData,
  keepRevisions: number,
  now = new Date(),
): Promise<void> {
  await checkSetupCode(tenant, input.setupCode);
  if ((await findUserIdByUsername(tenant.db, input.username)) !== undefined)
    throw new ValidationError('That user name is taken; choose another.', 'username');
  await inTransaction(tenant.db, async (trx) => {
    await writeCompany(trx, input.company, now);
    const userId = await createUser(
      trx,
      {
        username: input.username,
        password: input.password,
        groupId: ADMINISTRATORS_GROUP_ID,
        firstName: input.username,
      },
      now,
    );
    await deleteSetting(trx, SETUP_CODE_SETTING);
    // The first administrator did it, with the setup code (the request has no session yet).
    const who = { userName: input.username };
    await audit(
      trx,
      tenant,
      {
        ...who,
        action: 'company.update',
        targetType: 'company',
        targetId: input.company.companyCode,
        summary: `Set up ${input.company.companyName} (first-run setup)`,
      },
      now,
    );
    await audit(
      trx,
      tenant,
      {
        ...who,
        action: 'user.create',
        targetType: 'user',
        targetId: input.username,
        summary: `Created user ${input.username} (Administrators) in the first-run setup`,
        details: { groupId: ADMINISTRATORS_GROUP_ID },
      },
      now,
    );
    await fillContactFromCompany(trx, tenant, input.company, { userId, username: input.username }, keepRevisions, now);
  });
  // The company, and the Contact page published again with its details (fillContactFromCompany).
  invalidate(tenant, [TAGS.company, ...publishedTags(contentPageByKey('contact'))]);
}

/**
 * One set of contact details (docs/design.md §24): the Contact page's address, e-mail and phone that are still the
 * demo's take the company's, as a new published revision of Contact (audited as a publication is), so the firm's
 * own details are what visitors read from the first day. A field someone changed stays, and so does the whole
 * page while a draft or a schedule waits on top of what is published: that work is someone's.
 */
const FIELD_WORDS = { address: 'address', email: 'e-mail', phone: 'phone' } as const;

async function fillContactFromCompany(
  trx: Db,
  tenant: Tenant,
  company: Company,
  by: { userId: number; username: string },
  keepRevisions: number,
  now: Date,
): Promise<void> {
  const page = contentPageByKey('contact');
  const newest = await findNewestRevision(trx, page.id);
  if (!newest || newest.status !== 'published') return;
  const document = documentOf<ContactContent>(newest);
  const details = contactDetailsOf(company);
  const fields = CONTACT_DETAIL_FIELDS.filter(
    (field) => document[field] === CONTACT_DEMO_DOCUMENT[field] && details[field] !== document[field],
  );
  if (fields.length === 0) return;
  const revision = newest.revision + 1;
  const filled = Object.fromEntries(fields.map((field) => [field, details[field]]));
  await insertRevision(trx, {
    page_id: page.id,
    revision,
    document: JSON.stringify({ ...document, ...filled, revision }),
    saved_by: by.userId,
    saved_by_name: by.username,
    saved_at: now.toISOString(),
    status: 'published',
    publish_at: null,
  });
  await audit(
    trx,
    tenant,
    {
      userName: by.username,
      action: 'page.publish',
      targetType: 'page',
      targetId: page.routing,
      summary: `Published ${page.routing} (revision ${revision}) with the company's ${fields.map((field) => FIELD_WORDS[field]).join(', ')} (first-run setup)`,
      details: { revision, fields: [...fields] },
    },
    now,
  );
  await pruneRevisions(trx, page.id, keepRevisions);
}
