import { allowedScreens, type SessionUser } from '../access/access';
import { ForbiddenError } from '../errors';
import { editsAnyPage } from '../media/media.service';
import type { Tenant } from '../tenants/tenants';
import type { SitePageList } from '../../core/schemas/site-pages';
import { publicPagesOf } from './resolve-page';

/**
 * The pages visitors can open now, by title, at their addresses in the default language (docs/design.md §34): what the
 * rich-text link dialog offers, for anyone who edits a page. The same addresses the preview's link check knows.
 */
export async function listSitePages(tenant: Tenant, session: SessionUser): Promise<SitePageList> {
  const screens = await allowedScreens(tenant, session.userId, session.groupId);
  if (!(await editsAnyPage(tenant, screens))) throw new ForbiddenError('Your menu does not include a page editor.');
  const items = [...(await publicPagesOf(tenant))]
    .filter(([, page]) => page.active && page.inDefaultLanguage)
    .map(([path, page]) => ({ title: page.displayName, path }))
    .sort((a, b) => a.title.localeCompare(b.title, 'en') || a.path.localeCompare(b.path));
  return { items };
}
