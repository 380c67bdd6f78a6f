import type { RenderedPage } from '../cache/rendered-pages';

/** A rendered page whose every form is `text` (tests of the page cache look only at which copy they get). */
export const renderedPage = (text: string): RenderedPage => ({
  status: 200,
  html: Buffer.from(text),
  gzip: Buffer.from(text),
  brotli: Buffer.from(text),
  etag: `"${text}"`,
  headers: { br: {}, gzip: {}, identity: {}, notModified: {} },
});
