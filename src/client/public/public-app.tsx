import type { ReactNode } from 'react';
import { Footer } from './components/footer';
import { Header } from './components/header';
import type { PublicPageData } from '../../core/public-page';

/**
 * The frame of every public page: skip link, header, the page itself, footer. Rendered on the server only;
 * the browser brings the interactive parts to life with islands (decision 011).
 */
export function PublicApp({ data, children }: { data: PublicPageData; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header menu={data.menu} path={data.path} companyName={data.company.name} />
      {/* tabIndex lets the skip link move keyboard focus, not only the scroll position. */}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer company={data.company} copyrightYear={data.copyrightYear} />
    </>
  );
}
