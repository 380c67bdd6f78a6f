import { renderToString } from 'react-dom/server';
import { PAGE_LOADERS } from './public/page-components';
import { PublicApp } from './public/public-app';
import type { PublicPageData } from '../core/public-page';

/**
 * Renders a public page's body on the server. The browser never renders it again: islands marked with
 * `data-island` enhance this markup (decision 011).
 */
export async function renderPublicBody(data: PublicPageData): Promise<string> {
  const load = PAGE_LOADERS[data.pageKey];
  if (!load)
    throw new Error(
      `The page '${data.pageKey}' has no public component (src/client/public/pages/${data.pageKey}-page.tsx)`,
    );
  const { default: Page } = await load();
  return renderToString(
    <PublicApp data={data}>
      <Page
        content={data.content}
        pageName={data.pageName}
        company={data.company}
        autowired={data.autowired}
        contactForm={data.contactForm}
        formState={data.formState}
        path={data.path}
        contactWords={data.contactWords}
        address={data.address}
      />
    </PublicApp>,
  );
}
