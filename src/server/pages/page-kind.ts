import type { Tenant } from '../tenants/tenants';
import type { RichTextCleaner } from './rich-text';
import type { PageRecord } from '../../core/page-defs/page-definition';
import type { Parameter, ParameterLabel } from '../../core/page-defs/parameter';
import type { PublicPageData } from '../../core/public-page';
import type { PageRow } from './definitions/pages.repository';
import type { FieldPath } from '../../core/schemas/walk';
import type { TextKind } from '../../core/schemas/fields';

/**
 * One page model (docs/design.md §25, decision 021): every page with content is a `Page` of one of two kinds, the
 * twelve built-in pages (schema from the page registry) and the pages made without code (schema from their
 * parameters). Everything that differs between them lives in their `PageKind`; the page service, the routes
 * and the access rule ask the kind and never which family a page belongs to.
 */
export interface Page {
  id: number;
  /** The editor's routing name, as stored (a request may spell it in any case). */
  routing: string;
  /** The name the menus and titles show. */
  displayName: string;
  /** A deactivated page has no public twin; its editors keep it. */
  active: boolean;
  /** Whether the page is on the public website (homepage Y); an internal page is read by its editors only. */
  onWebsite: boolean;
  /** The public address (`/Home1`, `/Careers1`). */
  publicPath: string;
  /** The key its rendered public page is cached under. */
  cacheKey: string;
  row: PageRow;
  kind: PageKind;
  /**
   * The language it is shown in, always a BCP 47 code (docs/design.md §28, §29): the site's default language's for the
   * page in its own language (resolved once, when the page index is read), another for the page in that language,
   * whose `publicPath` (`/de/Home1`) and `cacheKey` (`home@de`) are that language's.
   */
  locale: string;
  /** Whether `locale` is the site's default language: the page's own document, at its own address. */
  inDefaultLanguage: boolean;
}

/** A revision as a page service stores it: the document, with the revision the editor started from. */
export interface PreparedDocument {
  document: Record<string, unknown>;
  basedOn: number;
}

/** The size in bytes of the tenant's stored image behind an address; null when it is not one of Folio's stored images. */
export type ImageBytes = (tenant: Tenant, url: string) => Promise<number | null>;

/** What a save needs besides the document: the rich-text cleaner, REVISIONS_PER_PAGE (0 keeps all), stored image sizes. */
export interface SaveTools {
  cleanRichText: RichTextCleaner;
  keepRevisions: number;
  imageBytes: ImageBytes;
}

export interface SaveContext {
  tools: SaveTools;
  now: Date;
  /** The page's published document (master choices keep a value that went inactive since it was chosen). */
  published: () => Promise<Record<string, unknown>>;
}

type Path = readonly PropertyKey[];

/** What visitors see of a document that differs by kind: the renderer (ssr/render-page.ts) does the rest. */
export interface PublicView extends Pick<PublicPageData, 'pageKey' | 'content' | 'autowired'> {
  /** The default description (docs/design.md §20) of what is shown. */
  description: string;
  /** The page's largest image above the fold, fetched early. */
  preloadImage?: string | undefined;
}

/** What differs between the two families of pages: the one place that knows it. */
export interface PageKind {
  readonly name: 'built-in' | 'page-builder';
  /** The type page creation shows and takes for its pages (`wired`: a page with code; `Autowired`: made there). */
  readonly pageType: PageRecord['type'];
  /**
   * Whether the public twin is found by the page's name at request time (`/{Name}1`, pages/resolve-page.ts),
   * rather than being a route of its own registered from the page registry.
   */
  readonly addressedByName: boolean;
  /** The page of a stored row, or null when the row is not one of this kind's. */
  pageOf(row: PageRow): Omit<Page, 'kind' | 'locale' | 'inDefaultLanguage'> | null;
  /**
   * The address visitors reach the page at now (`publicPath`), or null when it has none: a page made without
   * code only while it is active and on the website; a built-in page always (deactivated, it shows the 404 page).
   */
  publicAddress(page: Page): string | null;
  /** What visitors see of a document of the page (the published one, or a preview's): the public renderer's part. */
  publicView(tenant: Tenant, page: Page, document: Record<string, unknown>): Promise<PublicView>;
  /**
   * The page's image fields, whose uploads go to its own folder (`page<id>`); null when its images go to the
   * folders of its page file instead (docs/design.md §8).
   */
  imageFields(tenant: Tenant, page: Page): Promise<Parameter[] | null>;
  /** The document of a page nobody has saved yet; null when a page of this kind always has one (404 then). */
  emptyDocument(): Record<string, unknown> | null;
  /**
   * A submitted document, parsed with the page's schema (400 naming the place), rich text cleaned, the field
   * rules applied and anything else the kind checks (image sizes, master choices): what is stored.
   */
  prepare(tenant: Tenant, page: Page, submitted: unknown, context: SaveContext): Promise<PreparedDocument>;
  /** Names a place of a document in the editor's words, or null. */
  describePath(page: Page, path: Path): string | null;
  /** Whether the field at a path of a document holds rich text. */
  richTextPaths(tenant: Tenant, page: Page): Promise<(path: Path) => boolean>;
  /**
   * The fields parameter configuration may give rules to, with their labels (getactivityforparamconf); null when
   * the page's parameters are its fields themselves, so any name goes.
   */
  fieldsForRules(page: Page): ParameterLabel[] | null;
  /** The default description of a document: its first paragraph (docs/design.md §20). */
  description(tenant: Tenant, page: Page, document: object): Promise<string>;
  /**
   * The places of a document whose texts translate (docs/design.md §28), in the document's order: texts of the page's
   * own fields (numbers, dates, images, master data and addresses stay the source's). The seo fields are the
   * translation service's, the same for every kind.
   */
  texts(tenant: Tenant, page: Page, document: Record<string, unknown>): Promise<TextPlace[]>;
}

/** A text of a document that translates: where it is, whether it is rich text (HTML), how its field is edited (if known). */
export interface TextPlace {
  path: FieldPath;
  richText: boolean;
  kind?: TextKind;
}

/** What every page takes from its stored row, whatever its kind. */
export function pageFieldsOf(
  row: PageRow,
): Pick<Page, 'id' | 'routing' | 'displayName' | 'active' | 'onWebsite' | 'row'> {
  return {
    id: row.id,
    routing: row.routing,
    displayName: row.display_name || row.name,
    active: row.active === 1,
    onWebsite: row.homepage === 'Y',
    row,
  };
}
