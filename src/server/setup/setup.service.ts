import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SetupData } from '../../core/schemas/company';
import { writeCompany } from '../company/company.service';
import { inTransaction, type Db } from '../db/database';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import { ConflictError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { findUserIdByUsername } from '../users/users.repository';
import { createUser, hasActiveAdministrator } from '../users/users.service';

/**
 * The first administrator (DESIGN §7): from ADMIN_PASSWORD on the first start of an empty database, else
 * through the first-run setup, which needs a one-time code printed in the server log (so whoever reaches
 * the site first cannot take it over). Returns the setup code while setup is pending, else null.
 */
export async function prepareFirstAdministrator(db: Db, adminPassword: string | undefined, log: FastifyBaseLogger, tenantName: string): Promise<string | null> {
  if (await hasActiveAdministrator(db)) return null;
  if (adminPassword) {
    if ((await findUserIdByUsername(db, 'admin')) === undefined) {
      await createUser(db, { username: 'admin', password: adminPassword, groupId: ADMINISTRATORS_GROUP_ID, firstName: 'Administrator' });
      log.info({ tenant: tenantName }, 'created user admin (Administrators) from ADMIN_PASSWORD');
      return null;
    }
  }
  const code = randomBytes(6).toString('hex').toUpperCase().replace(/(.{4})(?=.)/g, '$1-');
  log.warn({ tenant: tenantName }, `First-run setup: open /companyForm and enter the setup code ${code}`);
  return code;
}

/** Completes the first-run setup: company details and the first administrator, in one transaction. */
export async function completeSetup(tenant: Tenant, input: SetupData, now = new Date()): Promise<void> {
  if (!tenant.setup.code || (await hasActiveAdministrator(tenant.db))) throw new ConflictError('Folio is already set up. Log in as an administrator to edit the company details.');
  const expected = Buffer.from(tenant.setup.code);
  const given = Buffer.from(input.setupCode.toUpperCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ValidationError('The setup code is not correct.');
  if ((await findUserIdByUsername(tenant.db, input.username)) !== undefined) throw new ValidationError('That user name is taken; choose another.');
  await inTransaction(tenant.db, async (trx) => {
    await writeCompany(trx, input.company, now);
    await createUser(trx, { username: input.username, password: input.password, groupId: ADMINISTRATORS_GROUP_ID, firstName: input.username }, now);
  });
  tenant.setup.code = null;
  tenant.cache.clear();
}
