import { EMPTY_SEO, type Seo } from '../../../core/schemas/seo';
import { getSiteCompany } from '../../company/company.service';
import type { DocumentStrategy } from '../document-strategy';
import { SOURCE_LOCALE } from './page.repository';
import { documentOf, emptyDocumentOf, publishedDocument } from './published-documents';
import { pageMeta, sharingImage } from '../seo';

/**
 * A page in its own language, the site's default (docs/design.md §29): its whole document, checked by its kind, stored
 * with its seo fields and the page's own ids.
 */
export const SOURCE_DOCUMENTS: DocumentStrategy = {
  locale: SOURCE_LOCALE,
  auditName: (routing) => routing,
  thisPage: 'this page',
  editorQuery: '',
  auditDetails: () => ({}),

  async prepare(tenant, page, submitted, tools, now) {
    const { document, basedOn } = await page.kind.prepare(tenant, page, submitted, {
      tools,
      now,
      published: () => publishedDocument(tenant, page),
    });
    return { document, basedOn, sourceRevision: null };
  },

  async preview(tenant, page, submitted, tools, now) {
    return (await SOURCE_DOCUMENTS.prepare(tenant, page, submitted, tools, now)).document;
  },

  async restored(_tenant, _page, row) {
    return { document: documentOf<Record<string, unknown>>(row), basedOn: null, sourceRevision: null };
  },

  async view(_tenant, page, row) {
    return row ? documentOf<Record<string, unknown>>(row) : { ...emptyDocumentOf(page), seo: { ...EMPTY_SEO } };
  },

  // The page is named by the call, not by the body: ids in the document are set to the page's own. A document without
  // `seo` (a client of the spec's calls) keeps the page's stored one.
  stored(page, fields, previous, revision) {
    const seo = (fields as { seo?: Seo }).seo ?? (previous ? documentOf<{ seo: Seo }>(previous).seo : EMPTY_SEO);
    return { ...fields, seo, menupageid: page.id, commonrouting: page.routing, revision };
  },

  async editorDocument(tenant, page, { row, state }, publicBaseUrl) {
    const [document, company] = await Promise.all([SOURCE_DOCUMENTS.view(tenant, page, row), getSiteCompany(tenant)]);
    const meta = pageMeta({
      seo: EMPTY_SEO,
      pageName: page.displayName,
      company,
      description: await page.kind.description(tenant, page, document),
      publicPath: page.publicPath,
      publicBaseUrl,
    });
    // The image as stored (a path for an upload), not the absolute one of the page's head: the editor shows it,
    // wherever the back office is reached (docs/design.md §24).
    const seoDefaults = {
      title: meta.title,
      description: meta.description,
      image: sharingImage(EMPTY_SEO, company),
      url: meta.url,
    };
    return { ...document, ...state, seoDefaults };
  },
};
