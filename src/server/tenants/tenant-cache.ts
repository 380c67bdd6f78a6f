import type { AnyContent } from '../../core/schemas/page-content';
import type { MenuEntry } from '../../core/schemas/menu';
import type { SiteCompany } from '../../core/public-page';

export interface AutowiredPageInfo {
  id: number;
  routing: string;
  displayName: string;
  active: boolean;
  homepage: boolean;
}

/** The encodings a rendered page is kept in. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A public page rendered once and kept ready to send, in each encoding, with its headers. */
export interface RenderedPage {
  status: number;
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** The answer's headers per encoding (and for 304), computed once with the page. */
  headers: Record<PageEncoding | 'notModified', Readonly<Record<string, string>>>;
}

/**
 * Everything Folio keeps in memory for one tenant. Reads fill it; anything that changes content, menus or
 * company details calls `clear` (a public page shows a change at once, never a stale copy).
 */
export class TenantCache {
  readonly content = new Map<number, AnyContent>();
  readonly menus = new Map<string, MenuEntry[]>();
  readonly pages = new Map<string, RenderedPage>();
  company: SiteCompany | undefined;
  /** The Autowired pages (routing, id, active, public or not): the access layer and the page routes ask often. */
  autowired: AutowiredPageInfo[] | undefined;
  /** The same pages by lower-cased routing name. */
  autowiredByName: Map<string, AutowiredPageInfo> | undefined;

  clear(): void {
    this.content.clear();
    this.menus.clear();
    this.pages.clear();
    this.company = undefined;
    this.autowired = undefined;
    this.autowiredByName = undefined;
  }
}
