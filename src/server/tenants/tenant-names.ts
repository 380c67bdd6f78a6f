// Where a tenant's database is: a module of its own, so that the shell's backup and restore can say it without
// loading the server's start-up (seeds, caches).

/**
 * A tenant's PostgreSQL schema (docs/design.md §9): the default tenant stays in `public`, where a one-tenant Folio
 * always kept its tables (as it keeps `folio.sqlite` on SQLite); every other tenant has `tenant_<name>`. The
 * name comes from the configured list only, never from a request.
 */
export function tenantSchema(name: string, defaultTenant: string): string {
  return name === defaultTenant ? 'public' : `tenant_${name}`;
}

/** A tenant's SQLite file in DATA_DIR: `folio.sqlite` for the default tenant, `folio-<name>.sqlite` for the others. */
export function tenantSqliteFile(name: string, defaultTenant: string): string {
  return name === defaultTenant ? 'folio.sqlite' : `folio-${name}.sqlite`;
}
