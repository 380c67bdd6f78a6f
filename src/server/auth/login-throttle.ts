import { DatabaseRateLimiter } from '../db/database-rate-limiter';
import type { Tenant } from '../tenants/tenants';

const WINDOW_S = 15 * 60;
const PER_ACCOUNT = 5;
const PER_ADDRESS = 20;

/**
 * Failed logins per account and per address (docs/design.md §5), counted in the tenant's database (§18): five wrong
 * passwords through one instance lock the account on every instance. Only failures count; a success clears
 * the account's count. Each tenant counts in its own database, so one tenant's attacker cannot lock another
 * tenant's users out.
 */
export class LoginThrottle {
  private readonly limiters = new WeakMap<
    Tenant,
    { perAccount: DatabaseRateLimiter; perAddress: DatabaseRateLimiter }
  >();

  private of(tenant: Tenant) {
    let limiters = this.limiters.get(tenant);
    if (!limiters) {
      limiters = {
        perAccount: new DatabaseRateLimiter(tenant.db, {
          keyPrefix: 'login-account',
          points: PER_ACCOUNT,
          duration: WINDOW_S,
        }),
        perAddress: new DatabaseRateLimiter(tenant.db, {
          keyPrefix: 'login-address',
          points: PER_ADDRESS,
          duration: WINDOW_S,
        }),
      };
      this.limiters.set(tenant, limiters);
    }
    return limiters;
  }

  /** True when either the account or the address has used up its failures. */
  async isBlocked(tenant: Tenant, username: string, address: string): Promise<boolean> {
    const { perAccount, perAddress } = this.of(tenant);
    const [account, ip] = await Promise.all([perAccount.get(accountKey(username)), perAddress.get(address)]);
    return (account?.consumedPoints ?? 0) >= PER_ACCOUNT || (ip?.consumedPoints ?? 0) >= PER_ADDRESS;
  }

  /** Counts a failure; true when it is the one that locks the account (the audit log records the lockout). */
  async recordFailure(tenant: Tenant, username: string, address: string): Promise<boolean> {
    const { perAccount, perAddress } = this.of(tenant);
    const [account] = await Promise.all([perAccount.penalty(accountKey(username), 1), perAddress.penalty(address, 1)]);
    return account.consumedPoints === PER_ACCOUNT;
  }

  async recordSuccess(tenant: Tenant, username: string): Promise<void> {
    await this.of(tenant).perAccount.delete(accountKey(username));
  }
}

const accountKey = (username: string) => username.trim().toLowerCase();
