import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Dialect } from './database';
import * as initial from './migrations/20261121-0001-initial';
import * as sessions from './migrations/20261121-0002-sessions';
import * as fieldRules from './migrations/20261121-0003-field-rules';
import * as userDetails from './migrations/20261121-0004-user-details';
import * as pageDefinitions from './migrations/20261123-0005-page-definitions';
import * as masterData from './migrations/20261123-0006-master-data';
import * as enquiryOutbox from './migrations/20261123-0007-enquiry-outbox';
import * as rateLimits from './migrations/20261125-0008-rate-limits';
import * as jobs from './migrations/20261125-0009-jobs';
import * as images from './migrations/20261125-0010-images';
import * as auditLog from './migrations/20261125-0011-audit-log';
import * as accounts from './migrations/20261125-0012-accounts';
import * as drafts from './migrations/20261125-0013-drafts';
import * as firmWords from './migrations/20261125-0014-firm-words';
import * as backups from './migrations/20261125-0015-backups';
import * as listsAtAnySize from './migrations/20261126-0016-lists-at-any-size';
import * as relativeImageAddresses from './migrations/20261126-0017-relative-image-addresses';
import * as specHeadings from './migrations/20261126-0018-spec-headings';
import * as unsentEnquiriesIndex from './migrations/20261126-0019-unsent-enquiries-index';
import * as oneJobQueue from './migrations/20261126-0020-one-job-queue';
import * as previewShares from './migrations/20261127-0021-preview-shares';
import * as redirects from './migrations/20261127-0022-redirects';
import * as mediaLibrary from './migrations/20261127-0023-media-library';
import * as mediaMenu from './migrations/20261127-0024-media-menu';
import * as languages from './migrations/20261127-0025-languages';
import * as editingPerLanguage from './migrations/20261127-0026-editing-per-language';
import * as companyCountry from './migrations/20261129-0027-company-country';
import * as mediaTitles from './migrations/20261129-0028-media-titles';
import * as namesForVisitors from './migrations/20261129-0031-names-for-visitors';
import * as oneRevisionIndex from './migrations/20261129-0032-one-revision-index';
import * as revisionsByNumber from './migrations/20261130-0033-revisions-by-number';
import * as forms from './migrations/20261130-0034-forms';
import * as visits from './migrations/20261130-0035-visits';
import * as reviews from './migrations/20261130-0036-reviews';
import * as comments from './migrations/20261130-0037-comments';
import * as releases from './migrations/20261130-0038-releases';
import * as passkeys from './migrations/20261201-0039-passkeys';
import * as singleSignOn from './migrations/20261201-0040-single-sign-on';
import * as webhooks from './migrations/20261201-0041-webhooks';
import * as apiTokens from './migrations/20261201-0042-api-tokens';

interface MigrationFile {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * Migrations are files in ./migrations, named by date so they sort in order. They are listed here rather
 * than read from the folder so the bundled server carries them (no file-system lookup at run time).
 */
const MIGRATION_FILES: Record<string, MigrationFile> = {
  '20261121-0001-initial': initial,
  '20261121-0002-sessions': sessions,
  '20261121-0003-field-rules': fieldRules,
  '20261121-0004-user-details': userDetails,
  '20261123-0005-page-definitions': pageDefinitions,
  '20261123-0006-master-data': masterData,
  '20261123-0007-enquiry-outbox': enquiryOutbox,
  '20261125-0008-rate-limits': rateLimits,
  '20261125-0009-jobs': jobs,
  '20261125-0010-images': images,
  '20261125-0011-audit-log': auditLog,
  '20261125-0012-accounts': accounts,
  '20261125-0013-drafts': drafts,
  '20261125-0014-firm-words': firmWords,
  '20261125-0015-backups': backups,
  '20261126-0016-lists-at-any-size': listsAtAnySize,
  '20261126-0017-relative-image-addresses': relativeImageAddresses,
  '20261126-0018-spec-headings': specHeadings,
  '20261126-0019-unsent-enquiries-index': unsentEnquiriesIndex,
  '20261126-0020-one-job-queue': oneJobQueue,
  '20261127-0021-preview-shares': previewShares,
  '20261127-0022-redirects': redirects,
  '20261127-0023-media-library': mediaLibrary,
  '20261127-0024-media-menu': mediaMenu,
  '20261127-0025-languages': languages,
  '20261127-0026-editing-per-language': editingPerLanguage,
  '20261129-0027-company-country': companyCountry,
  '20261129-0028-media-titles': mediaTitles,
  '20261129-0031-names-for-visitors': namesForVisitors,
  '20261129-0032-one-revision-index': oneRevisionIndex,
  '20261130-0033-revisions-by-number': revisionsByNumber,
  '20261130-0034-forms': forms,
  '20261130-0035-visits': visits,
  '20261130-0036-reviews': reviews,
  '20261130-0037-comments': comments,
  '20261130-0038-releases': releases,
  '20261201-0039-passkeys': passkeys,
  '20261201-0040-single-sign-on': singleSignOn,
  '20261201-0041-webhooks': webhooks,
  '20261201-0042-api-tokens': apiTokens,
};

/** The migrations this Folio knows, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATION_FILES).sort();

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [name, file] of Object.entries(MIGRATION_FILES)) {
      migrations[name] = {
        up: (db) => file.up(db, this.dialect),
        ...(file.down ? { down: (db: Kysely<unknown>) => file.down!(db, this.dialect) } : {}),
      };
    }
    return migrations;
  }
}

/**
 * Brings the schema up to date; each migration runs in its own transaction. On PostgreSQL, `schema` is the
 * tenant's schema (the connections' search_path): Kysely's own bookkeeping tables are kept there too.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(dialect),
    ...(dialect === 'postgres' && schema && schema !== 'public' ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Brings the schema to the named migration (tests of upgrades; a restore, to the backup's migration first). */
export async function migrateTo(db: Kysely<unknown>, dialect: Dialect, name: string, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(dialect),
    ...(dialect === 'postgres' && schema && schema !== 'public' ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
