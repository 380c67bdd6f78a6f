import type { AutowiredDocument, AutowiredValue } from '../../../core/page-defs/autowired-document';
import type { AutowiredPublicPage, PublicParameter } from '../../../core/public-page';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { parseStoredImageUrl } from '../../../core/media/image-names';
import { FallbackImage } from '../components/fallback-image';
import { Section } from '../components/section';

/** Types whose values are short enough for a table cell; rows with only these are shown as a table. */
const SHORT_TYPES = new Set(['number', 'Date', 'Checkbox', 'Dropdown', 'Radio']);

/**
 * The public twin of a page made in page creation (DESIGN §13): its display name as the heading, the Header
 * values in order, then the entries: a table when every Detail column is short, else cards. Complete without
 * JavaScript; every value is rendered as text except stored rich text, which the server sanitised.
 */
export default function AutowiredPage({ content, autowired }: { content: AutowiredDocument; autowired?: AutowiredPublicPage }) {
  if (!autowired) return null;
  const header = autowired.parameters.filter((p) => p.level === 'Header');
  const detail = autowired.parameters.filter((p) => p.level === 'Detail');
  const shownHeader = header.filter((p) => !isEmpty(content.header[p.name]));
  const rows = content.rows.filter((row) => detail.some((p) => !isEmpty(row[p.name])));
  const asTable = detail.length > 0 && detail.every((p) => SHORT_TYPES.has(p.type) || (p.type === 'Textarea' && rows.every((r) => String(r[p.name] ?? '').length <= 80)));
  return (
    <>
      <PageHero title={autowired.title} />
      {shownHeader.length > 0 ? (
        <Section layout="reading">
          {shownHeader.map((p) => (
            <div key={p.name} className="autowired-field">
              <Value parameter={p} value={content.header[p.name]} />
            </div>
          ))}
        </Section>
      ) : null}
      {rows.length > 0 ? (
        <Section band={shownHeader.length > 0 ? 'alt' : undefined}>
          {asTable ? (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    {detail.map((p) => (
                      <th key={p.name} scope="col">
                        {p.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={index}>
                      {detail.map((p) => (
                        <td key={p.name}>
                          <Value parameter={p} value={row[p.name]} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <div className="card-grid">
              {rows.map((row, index) => (
                <article key={index} className="card autowired-card">
                  <dl className="autowired-card__fields">
                    {detail
                      .filter((p) => !isEmpty(row[p.name]))
                      .map((p) => (
                        <div key={p.name} className="autowired-card__field">
                          <dt>{p.name}</dt>
                          <dd>
                            <Value parameter={p} value={row[p.name]} />
                          </dd>
                        </div>
                      ))}
                  </dl>
                </article>
              ))}
            </div>
          )}
        </Section>
      ) : null}
      {shownHeader.length === 0 && rows.length === 0 ? (
        <Section layout="reading">
          <p className="empty-state">Nothing has been published on this page yet. Please come back soon.</p>
        </Section>
      ) : null}
    </>
  );
}

function isEmpty(value: AutowiredValue | undefined): boolean {
  return value === null || value === undefined || value === '' || (typeof value === 'string' && value.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(value));
}

function Value({ parameter, value }: { parameter: PublicParameter; value: AutowiredValue | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  switch (parameter.type) {
    case 'Richtext':
      return <RichHtml className="prose" html={String(value)} />;
    case 'Image': {
      // An uploaded image knows its size (from its name) and has WebP copies for a srcset (DESIGN §8).
      const src = String(value);
      const stored = parseStoredImageUrl(src);
      if (!stored) return <img className="autowired-image" src={src} alt="" loading="lazy" decoding="async" />;
      return (
        <FallbackImage
          className="autowired-image"
          src={src}
          alt=""
          width={stored.width}
          height={stored.height}
          loading="lazy"
          sizes={`(max-width: ${stored.width}px) 100vw, ${stored.width}px`}
        />
      );
    }
    case 'Checkbox':
      return <>{value === true ? parameter.yes || 'Yes' : parameter.no || 'No'}</>;
    case 'Date':
      return <time dateTime={String(value)}>{formatDay(String(value))}</time>;
    case 'Textarea':
      return <p className="autowired-text">{String(value)}</p>;
    default:
      return <>{String(value)}</>;
  }
}

/** '2026-12-31' → '31 Dec 2026', the same on the server and in the browser (no time zone involved). */
function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(match[3])} ${months[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}
