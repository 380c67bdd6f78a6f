import { useEffect, type ReactNode } from 'react';
import { Footer } from './components/footer';
import { Header } from './components/header';
import type { PublicPageData } from '../../core/public-page';

/** The frame of every public page: skip link, header, the page itself, footer. */
export function PublicApp({ data, children }: { data: PublicPageData; children: ReactNode }) {
  // Marks the page as interactive once hydration has committed (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
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
