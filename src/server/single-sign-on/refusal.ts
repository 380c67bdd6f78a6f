import type { SsoRefusal } from '../../core/schemas/single-sign-on';

/**
 * A single sign-on that ends on the login page with the reason's sentence (SSO_REFUSALS); `who` is the email when it
 * is known, `detail` what the server's log and the audit entry keep (never shown to the visitor).
 */
export class SingleSignOnRefusal extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly who: string | null = null,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}
