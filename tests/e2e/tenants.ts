/**
 * The tenants of the browser suite's server besides the default one (docs/design.md §29: each browser spec makes its own
 * data, no spec shares a page with another). A spec that saves built-in pages, which exist once per site, runs on a
 * site of its own: `test.use(onOwnSite('images'))` sends the `dbName` header that picks the tenant (docs/design.md §9)
 * with every request of the spec's browsers, and the users it makes go into that tenant's database. A spec that posts
 * public forms runs on a site of its own too: a form takes five posts a minute from one address on one site, and every
 * spec posts from 127.0.0.1. Single sign-on's spec turns the button on for its site only: other specs' login pages stay
 * as they are.
 */
export const E2E_TENANTS = ['images', 'contact', 'forms', 'visits', 'sso', 'webhooks'] as const;

export type E2eTenant = 'default' | (typeof E2E_TENANTS)[number];

/** The SQLite file of a tenant in the e2e server's data folder (the server's own naming, README "TENANTS"). */
export const tenantFile = (tenant: E2eTenant) => (tenant === 'default' ? 'folio.sqlite' : `folio-${tenant}.sqlite`);

/** The options of a spec whose browsers see the site of `tenant`. */
export const onOwnSite = (tenant: E2eTenant) => ({ extraHTTPHeaders: { dbName: tenant } });
