import type { FastifyBaseLogger } from 'fastify';
import { inTransaction } from '../db/database';
import type { Tenant } from '../tenants/tenants';
import { plainTotpSecrets, replaceTotpSecret } from './accounts.repository';
import { SecretBox } from './secret-box';

/**
 * Seals the two-step secrets an earlier version kept in plain text (started without SECRET_KEY; decision 016)
 * with the server's key, at start, for one tenant: all of them in one transaction, so a failed start leaves none
 * half done; a later start finds none left. Runs while no other instance is starting (TenantRegistry.open).
 */
export async function sealPlainTwoStepSecrets(tenant: Tenant, box: SecretBox, log: FastifyBaseLogger): Promise<number> {
  const sealed = await inTransaction(tenant.db, async (trx) => {
    let count = 0;
    for (const user of await plainTotpSecrets(trx)) {
      if (!SecretBox.isPlain(user.totp_secret)) continue;
      if (
        await replaceTotpSecret(trx, user.id, user.totp_secret, box.seal(box.open(user.totp_secret, user.id), user.id))
      )
        count += 1;
    }
    return count;
  });
  if (sealed > 0)
    log.info(
      { tenant: tenant.name, sealed },
      'two-step sign-in secrets kept in plain text are now sealed with the server key',
    );
  return sealed;
}
