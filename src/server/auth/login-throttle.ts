import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * Failed logins per account and per address (DESIGN §5). Only failures count; a success clears the
 * account's count. Keys carry the tenant, so one tenant's attacker cannot lock another tenant's users out.
 */
export class LoginThrottle {
  private readonly perAccount = new RateLimiterMemory({ points: 5, duration: 15 * 60 });
  private readonly perAddress = new RateLimiterMemory({ points: 20, duration: 15 * 60 });

  /** True when either the account or the address has used up its failures. */
  async isBlocked(tenant: string, username: string, address: string): Promise<boolean> {
    const [account, ip] = await Promise.all([this.perAccount.get(accountKey(tenant, username)), this.perAddress.get(`${tenant}:${address}`)]);
    return (account?.consumedPoints ?? 0) >= 5 || (ip?.consumedPoints ?? 0) >= 20;
  }

  async recordFailure(tenant: string, username: string, address: string): Promise<void> {
    await Promise.all([
      this.perAccount.penalty(accountKey(tenant, username), 1),
      this.perAddress.penalty(`${tenant}:${address}`, 1),
    ]);
  }

  async recordSuccess(tenant: string, username: string): Promise<void> {
    await this.perAccount.delete(accountKey(tenant, username));
  }
}

const accountKey = (tenant: string, username: string) => `${tenant}:${username.trim().toLowerCase()}`;
