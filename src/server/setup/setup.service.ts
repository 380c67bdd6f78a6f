import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SetupData } from '../../core/schemas/company';
import { writeCompany } from '../company/company.service';
import { audit } from '../audit/audit';
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
 * The first administrator (DESIGN §7): from ADMIN_PASSWORD on the first start of an empty database, else
 * through the first-run setup, which needs a one-time code printed in the server log (so whoever reaches
 * the site first cannot take it over). The code lives in the tenant's database (DESIGN §18): every instance
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
      await createUser(db, { username: 'admin', password: adminPassword, groupId: ADMINISTRATORS_GROUP_ID, firstName: 'Administrator' });
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
  log.warn({ tenant: name, setupCode: code }, `First-run setup${whose}: open ${site.publicBaseUrl}companyForm and enter the setup code`);
}

/**
 * The stored setup code, or a new one stored now (`XXXX-XXXX-XXXX`, 48 random bits): the server's start and the
 * shell's `./folio setup-code` (on a database no server has started on yet) make it here, and whichever comes
 * first wins, so both always show the same one.
 */
export async function storedOrNewSetupCode(db: Db): Promise<string> {
  return settingOrInsert(db, SETUP_CODE_SETTING, randomBytes(6).toString('hex').toUpperCase().replace(/(.{4})(?=.)/g, '$1-'));
}

/** The setup code while setup is pending, else null. */
export async function pendingSetupCode(tenant: Tenant): Promise<string | null> {
  if (await hasActiveAdministrator(tenant.db)) return null;
  return (await readSetting(tenant.db, SETUP_CODE_SETTING)) ?? null;
}

/** Completes the first-run setup: company details and the first administrator, in one transaction. */
export async function completeSetup(tenant: Tenant, input: SetupData, now = new Date()): Promise<void> {
  const code = await pendingSetupCode(tenant);
  if (!code) throw new ConflictError('Folio is already set up. Log in as an administrator to edit the company details.');
  const expected = Buffer.from(code);
  const given = Buffer.from(input.setupCode.toUpperCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ValidationError('The setup code is not correct.');
  if ((await findUserIdByUsername(tenant.db, input.username)) !== undefined) throw new ValidationError('That user name is taken; choose another.');
  await inTransaction(tenant.db, async (trx) => {
    await writeCompany(trx, input.company, now);
    await createUser(trx, { username: input.username, password: input.password, groupId: ADMINISTRATORS_GROUP_ID, firstName: input.username }, now);
    await deleteSetting(trx, SETUP_CODE_SETTING);
    // The first administrator did it, with the setup code (the request has no session yet).
    const who = { userName: input.username };
    await audit(trx, tenant, { ...who, action: 'company.update', targetType: 'company', targetId: input.company.companyCode, summary: `Set up ${input.company.companyName} (first-run setup)` }, now);
    await audit(trx, tenant, { ...who, action: 'user.create', targetType: 'user', targetId: input.username, summary: `Created user ${input.username} (Administrators) in the first-run setup`, details: { groupId: ADMINISTRATORS_GROUP_ID } }, now);
  });
  tenant.cache.clear();
}
