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
      {data.preview ? <PreviewBar editorPath={data.preview.editorPath} /> : null}
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

/** The fixed bar of a preview (DESIGN §19): this is not what visitors see yet; a shared link's has no way to the editor. */
function PreviewBar({ editorPath }: { editorPath: string | null }) {
  return (
    <aside className="preview-bar" aria-label="Preview">
      <p className="preview-bar__text">
        <strong>Preview, not published.</strong> Visitors do not see these changes yet.
      </p>
      {editorPath ? (
        <a className="preview-bar__link" href={editorPath}>
          Back to the editor
        </a>
      ) : null}
    </aside>
  );
}
