import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SetupSchema } from '../../core/schemas/company';
import { writeCompany } from '../company/company.service';
import type { Db } from '../db/database';
import { ADMINISTRATORS_GROUP_ID } from '../../core/groups';
import { AppError, ConflictError, ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { createUser, hasActiveAdministrator } from '../users/users.service';
import { parseInput } from '../validation';

/**
 * The first administrator (DESIGN §7): from ADMIN_PASSWORD on the first start of an empty database, else
 * through the first-run setup, which needs a one-time code printed in the server log (so whoever reaches
 * the site first cannot take it over). Returns the setup code while setup is pending, else null.
 */
export async function prepareFirstAdministrator(db: Db, adminPassword: string | undefined, log: FastifyBaseLogger, tenantName: string): Promise<string | null> {
  if (await hasActiveAdministrator(db)) return null;
  if (adminPassword) {
    const taken = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
    if (!taken) {
      await createUser(db, { username: 'admin', password: adminPassword, groupId: ADMINISTRATORS_GROUP_ID, firstName: 'Administrator' });
      log.info({ tenant: tenantName }, 'created user admin (Administrators) from ADMIN_PASSWORD');
      return null;
    }
  }
  const code = randomBytes(6).toString('hex').toUpperCase().replace(/(.{4})(?=.)/g, '$1-');
  log.warn({ tenant: tenantName }, `First-run setup: open /companyForm and enter the setup code ${code}`);
  return code;
}

export class SetupCodeError extends AppError {
  constructor() {
    super(400, 'The setup code is not correct.');
  }
}

/** Completes the first-run setup: company details and the first administrator, in one transaction. */
export async function completeSetup(tenant: Tenant, body: unknown, now = new Date()): Promise<void> {
  if (!tenant.setup.code || (await hasActiveAdministrator(tenant.db))) throw new ConflictError('Folio is already set up. Log in as an administrator to edit the company details.');
  const input = parseInput(SetupSchema, body);
  const expected = Buffer.from(tenant.setup.code);
  const given = Buffer.from(input.setupCode.toUpperCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new SetupCodeError();
  const taken = await tenant.db.selectFrom('users').select('id').where('username', '=', input.username).executeTakeFirst();
  if (taken) throw new ValidationError('That user name is taken; choose another.');
  await tenant.db.transaction().execute(async (trx) => {
    await writeCompany(trx, input.company, now);
    await createUser(trx, { username: input.username, password: input.password, groupId: ADMINISTRATORS_GROUP_ID, firstName: input.username }, now);
  });
  tenant.setup.code = null;
  tenant.cache.clear();
}
