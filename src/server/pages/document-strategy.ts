import type { EditState } from '../../core/schemas/revision';
import type { Tenant } from '../tenants/tenants';
import type { Page, SaveTools } from './page-kind';
import type { RevisionRow } from './revisions/page.repository';

/**
 * A page is addressed by `{routing, locale}` (docs/design.md §29): every operation of the one page service (save in
 * every publish mode, preview, restore, history, compare, unschedule) is written once, and what differs between a
 * page in its own language and its translation is asked of the language's document strategy, resolved once per
 * request: the source's (revisions/source-documents.ts) or a translation's over the source
 * (languages/translations.service.ts).
 */
export interface DocumentStrategy {
  /** The language its revisions are stored under (the source's is '', decision 026). */
  readonly locale: string;
  /** How the audit log names the page in this language: `About`, `About in de`. */
  auditName(routing: string): string;
  /** What the page's editor address adds for this language: '' or `?locale=de`. */
  readonly editorQuery: string;
  /** How a sentence names the page in this language: `this page`, `this page in German`. */
  readonly thisPage: string;
  /** What the audit entry of a change adds in this language (the language, the source's revision translated). */
  auditDetails(prepared: Pick<PreparedDocument, 'sourceRevision'>): Record<string, unknown>;
  /**
   * A save's body checked as the page's kind checks it (400 naming the place): the document to store and the
   * revision the editor started from.
   */
  prepare(tenant: Tenant, page: Page, submitted: unknown, tools: SaveTools, now: Date): Promise<PreparedDocument>;
  /** The whole document a save's body would show, checked as its save (the preview pane; nothing is stored). */
  preview(
    tenant: Tenant,
    page: Page,
    submitted: unknown,
    tools: SaveTools,
    now: Date,
  ): Promise<Record<string, unknown>>;
  /** What a restore of an earlier revision stores again, as a new revision. */
  restored(tenant: Tenant, page: Page, row: RevisionRow): Promise<PreparedDocument>;
  /** A stored revision as visitors would read it (previews and compare); no revision yet: what the editor starts from. */
  view(tenant: Tenant, page: Page, row: RevisionRow | undefined): Promise<Record<string, unknown>>;
  /** What a revision stores of a prepared document (`fields` without what is never stored; `previous`: the newest). */
  stored(
    page: Pick<Page, 'id' | 'routing'>,
    fields: Record<string, unknown>,
    previous: RevisionRow | undefined,
    revision: number,
  ): Record<string, unknown>;
  /** The editor's read (`GET /api/master/edit/:routing`, with `?locale=`): the newest revision in the call's shape. */
  editorDocument(
    tenant: Tenant,
    page: Page,
    newest: NewestRevision,
    publicBaseUrl: string,
  ): Promise<Record<string, unknown>>;
}

/** A document ready to be stored: checked, cleaned, with the revision it was based on and the source's it was made from. */
export interface PreparedDocument {
  document: Record<string, unknown>;
  /** The revision the editor started from (a 409 if another is newest), or null: goes on top of whatever is newest. */
  basedOn: number | null;
  /** A translation's: the source's published revision it was made from; null for the source. */
  sourceRevision: number | null;
}

/** Where a page stands in one language, as its editor reads it: its newest revision and the state around it. */
export interface NewestRevision {
  row: RevisionRow | undefined;
  state: Omit<EditState, 'seoDefaults'>;
}

/** The page named in the language of its revisions (`locale` as stored: '' is the source's). */
export const nameInLanguage = (routing: string, locale: string): string =>
  locale ? `${routing} in ${locale}` : routing;

/** What an audit entry says of the language of a revision (`locale` as stored): nothing for the source's. */
export const languageDetails = (locale: string): { locale?: string } => (locale ? { locale } : {});
