import type { ReactNode } from 'react';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { FieldMarksProvider } from './field-marks';
import { ImageDetailsProvider } from './image-details';
import { SiteLinksProvider } from './site-links';
import { SiteWordsProvider, useSay } from './site-words';
import type { PublicPageData } from '../../core/public-page';

/**
 * The frame of every public page: skip link, header, the page itself, footer. Rendered on the server only;
 * the browser brings the interactive parts to life with islands (decision 011).
 */
export function PublicApp({ data, children }: { data: PublicPageData; children: ReactNode }) {
  const page = <ImageDetailsProvider images={data.images}>{children}</ImageDetailsProvider>;
  return (
    <SiteWordsProvider words={data.words}>
      <SiteLinksProvider links={data.links}>
        <Frame data={data} page={page} />
      </SiteLinksProvider>
    </SiteWordsProvider>
  );
}

/** The page within its frame, the site's words and links in its language provided. */
function Frame({ data, page }: { data: PublicPageData; page: ReactNode }) {
  const { untranslated } = data;
  const say = useSay();
  return (
    <>
      {/* In the editor's pane (a search result shown) the editor is beside it: no way back needed. */}
      {data.preview ? <PreviewBar editorPath={data.preview.searchResult ? null : data.preview.editorPath} /> : null}
      <a className="skip-link" href="#main">
        {say('site.skip')}
      </a>
      {/* In an editor's preview pane the page's landmarks sit beside the staff app's own: named apart (previews only). */}
      <Header
        menu={data.menu}
        path={data.path}
        companyName={data.company.name}
        logo={data.company.logo}
        label={data.preview ? 'Previewed site header' : undefined}
        languages={data.languages}
      />
      {/* tabIndex lets the skip link move keyboard focus, not only the scroll position. */}
      <main id="main" tabIndex={-1} aria-label={data.preview ? 'Previewed page' : undefined}>
        {/* Every preview render marks the elements that show a field (docs/design.md §26); a public page never. */}
        {/* A page not translated yet (docs/design.md §34): the original in its own language, under a notice in the visitor's. */}
        {untranslated ? <UntranslatedNotice text={untranslated.notice} lang={untranslated.noticeLang} /> : null}
        <FieldMarksProvider on={Boolean(data.preview)}>
          {untranslated ? <div lang={untranslated.contentLang}>{page}</div> : page}
        </FieldMarksProvider>
      </main>
      <Footer company={data.company} copyrightYear={data.copyrightYear} />
      {data.preview?.searchResult ? <SearchResult {...data.preview.searchResult} /> : null}
    </>
  );
}

/** The notice above a page shown in the default language because it is not translated into the visitor's yet. */
function UntranslatedNotice({ text, lang }: { text: string; lang: string }) {
  return (
    <div className="untranslated-notice" role="note" lang={lang}>
      <p className="container untranslated-notice__text">{text}</p>
    </div>
  );
}

/** The fixed bar of a preview (docs/design.md §19): this is not what visitors see yet; a shared link's has no way to the editor. */
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

/**
 * In the editor's preview pane only (docs/design.md §26): the page as a search engine lists it, its title and description
 * marked as their fields, so a click there edits them. Styled inline: the public stylesheet stays as it is.
 */
function SearchResult({ title, description, url }: { title: string; description: string; url: string }) {
  return (
    <aside
      aria-label="In search results"
      style={{
        maxWidth: '40rem',
        margin: '2rem auto',
        padding: '1rem 1.25rem',
        border: '1px dashed #94a3b8',
        borderRadius: '0.5rem',
        background: '#fff',
        fontFamily: 'Arial, sans-serif',
      }}
    >
      <p
        style={{
          margin: '0 0 0.5rem',
          color: '#475569',
          fontSize: '0.8125rem',
          fontWeight: 700,
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
        }}
      >
        In search results
      </p>
      <p style={{ margin: 0, color: '#1e293b', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>{url}</p>
      <p
        data-folio-field="seo.title"
        style={{ margin: '0.125rem 0', color: '#1a0dab', fontSize: '1.25rem', lineHeight: 1.3 }}
      >
        {title}
      </p>
      <p
        data-folio-field="seo.description"
        style={{ margin: 0, color: '#334155', fontSize: '0.875rem', lineHeight: 1.5 }}
      >
        {description}
      </p>
    </aside>
  );
}
