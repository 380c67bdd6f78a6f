import type { AutowiredDocument, AutowiredValue } from '../../../core/page-defs/autowired-document';
import type {
  AutowiredPublicPage,
  PublicForm as PublicFormData,
  PublicFormState,
  PublicParameter,
  SiteCompany,
} from '../../../core/public-page';
import { PublicForm } from '../components/public-form';
import { PageHero } from '../components/page-hero';
import { RichHtml } from '../components/rich-html';
import { parseStoredImageUrl } from '../../../core/media/image-names';
import { FallbackImage } from '../components/fallback-image';
import { Section } from '../components/section';
import { useFieldMark } from '../field-marks';
import { formatDay, formatNumber } from '../site-format';
import { useSay } from '../site-words';

/** Types whose values are short enough for a table cell; rows with only these are shown as a table. */
const SHORT_TYPES = new Set(['number', 'Date', 'Checkbox', 'Dropdown', 'Radio']);

/**
 * The public twin of a page made in page creation (docs/design.md §13, §24, §34): its display name as the heading, the
 * Header values in order, then the entries: a table with a heading per column when every Detail column is short and
 * shows its name (on a phone its rows stack as cards, each value under its column's name), else cards. Visitors
 * read content: a value goes under its parameter's name only where "Show its name to visitors" says so (text kinds
 * do not by default), and a line of text marked as a heading is a heading (h2 on the page, h3 in an entry's card).
 * Dates and numbers read in the site's locale, yes/no values by the parameter's labels, master-data choices by
 * their names (the server puts them in), images with their parameter's name as alternative text. Complete without
 * JavaScript; every value is rendered as text except stored rich text, which the server sanitised.
 *
 * In previews each value's cell is marked with its field's path (docs/design.md §26): `document.header.<name>` and
 * `document.rows.<index>.<name>`, the index the entry's in the document (before empty entries are left out).
 */
export default function AutowiredPage({
  content,
  autowired,
  company,
  formState,
  path,
  address,
}: {
  content: AutowiredDocument;
  autowired?: AutowiredPublicPage;
  company?: SiteCompany;
  /** A form of the page after its post without JavaScript (docs/design.md §30). */
  formState?: PublicFormState | undefined;
  /** The page's address in the default language, and its own in another one: where its forms post. */
  path?: string;
  address?: string | undefined;
}) {
  const say = useSay();
  const mark = useFieldMark();
  if (!autowired) return null;
  const header = autowired.parameters.filter((p) => p.level === 'Header');
  const detail = autowired.parameters.filter((p) => p.level === 'Detail');
  const shownHeader = header.filter((p) => !isEmpty(content.header[p.name]));
  // Each shown entry keeps its index in the document: the path of its fields.
  const rows = content.rows.flatMap((row, at) => (detail.some((p) => !isEmpty(row[p.name])) ? [{ row, at }] : []));
  // A table needs a heading per column: a column whose name visitors do not see makes the entries cards.
  const asTable =
    detail.length > 0 &&
    detail.every(
      (p) =>
        p.showName &&
        !p.heading &&
        (SHORT_TYPES.has(p.type) ||
          (p.type === 'Textarea' && rows.every(({ row }) => String(row[p.name] ?? '').length <= 80))),
    );
  return (
    <>
      <PageHero title={autowired.title} />
      {shownHeader.length > 0 ? (
        <Section layout="reading">
          <LabelledValues
            parameters={shownHeader}
            values={content.header}
            fieldPrefix="document.header"
            headingLevel={2}
            forms={{ forms: autowired.forms ?? {}, state: formState, action: address ?? path ?? '', company }}
          />
        </Section>
      ) : null}
      {rows.length > 0 ? (
        <Section band={shownHeader.length > 0 ? 'alt' : undefined}>
          {asTable ? (
            <div className="table-scroll table-scroll--stacking">
              <table className="data-table data-table--stacking">
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
                  {rows.map(({ row, at }, index) => (
                    <tr key={index}>
                      {detail.map((p) => (
                        // The column's name, shown above the value where the rows stack as cards (public.css).
                        <td key={p.name} data-label={p.name} {...mark(`document.rows.${at}.${p.name}`)}>
                          <Value parameter={p} value={row[p.name]} field={`document.rows.${at}.${p.name}`} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <div className="card-grid">
              {rows.map(({ row, at }, index) => (
                <article key={index} className="card autowired-card">
                  <LabelledValues
                    parameters={detail.filter((p) => !isEmpty(row[p.name]))}
                    values={row}
                    fieldPrefix={`document.rows.${at}`}
                    headingLevel={3}
                  />
                </article>
              ))}
            </div>
          )}
        </Section>
      ) : null}
      {shownHeader.length === 0 && rows.length === 0 ? (
        <Section layout="reading">
          <p className="empty-state">{say('page.empty')}</p>
        </Section>
      ) : null}
    </>
  );
}

/**
 * The values in order (`fieldPrefix`: the path of the values' object): a heading as a heading, a value whose name
 * visitors see as a description list of one term, any other value on its own.
 */
function LabelledValues({
  parameters,
  values,
  fieldPrefix,
  headingLevel,
  forms,
}: {
  parameters: readonly PublicParameter[];
  values: Record<string, AutowiredValue>;
  fieldPrefix: string;
  headingLevel: 2 | 3;
  /** The page's forms, where a `Form` parameter places one (the header's only). */
  forms?: {
    forms: Record<string, PublicFormData>;
    state: PublicFormState | undefined;
    action: string;
    company: SiteCompany | undefined;
  };
}) {
  const mark = useFieldMark();
  return (
    <div className="autowired-fields">
      {parameters.map((p) => {
        const field = `${fieldPrefix}.${p.name}`;
        if (p.type === 'Form') {
          const form = forms?.forms[p.name];
          return form ? (
            <div key={p.name} className="autowired-field" {...mark(field)}>
              <PublicForm form={form} state={forms.state} action={forms.action} country={forms.company?.countryCode} />
            </div>
          ) : null;
        }
        const value = <Value parameter={p} value={values[p.name]} field={field} />;
        if (p.heading) {
          const Heading = headingLevel === 2 ? 'h2' : 'h3';
          return (
            <div key={p.name} className="autowired-field">
              {p.showName ? <p className="autowired-field__name">{p.name}</p> : null}
              <Heading className="autowired-heading" {...mark(field)}>
                {String(values[p.name])}
              </Heading>
            </div>
          );
        }
        return p.showName ? (
          <dl key={p.name} className="autowired-field">
            <dt className="autowired-field__name">{p.name}</dt>
            <dd className="autowired-field__value" {...mark(field)}>
              {value}
            </dd>
          </dl>
        ) : (
          <div key={p.name} className="autowired-field autowired-field__value" {...mark(field)}>
            {value}
          </div>
        );
      })}
    </div>
  );
}

function isEmpty(value: AutowiredValue | undefined): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (typeof value === 'string' && value.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(value))
  );
}

/** One value as it reads; `field` marks an image's own <img> too (the cell around it carries it already). */
function Value({
  parameter,
  value,
  field,
}: {
  parameter: PublicParameter;
  value: AutowiredValue | undefined;
  field: string;
}) {
  const mark = useFieldMark();
  if (value === null || value === undefined || value === '') return null;
  // A yes or a no (a checkbox, or a radio choice of Boolean kind) reads as the parameter's own words.
  if (typeof value === 'boolean') return <>{value ? parameter.yes || 'Yes' : parameter.no || 'No'}</>;
  switch (parameter.type) {
    case 'Richtext':
      return <RichHtml className="prose" html={String(value)} />;
    case 'Image': {
      // An uploaded image knows its size (from its name) and has WebP copies for a srcset (docs/design.md §8).
      const src = String(value);
      const stored = parseStoredImageUrl(src);
      if (!stored)
        return (
          <img
            className="autowired-image"
            src={src}
            alt={parameter.name}
            loading="lazy"
            decoding="async"
            {...mark(field)}
          />
        );
      return (
        <FallbackImage
          className="autowired-image"
          src={src}
          alt=""
          fallbackAlt={parameter.name}
          width={stored.width}
          height={stored.height}
          loading="lazy"
          sizes={`(max-width: ${stored.width}px) 100vw, ${stored.width}px`}
          field={field}
        />
      );
    }
    case 'Date':
      return <time dateTime={String(value)}>{formatDay(String(value))}</time>;
    case 'number':
      return <>{formatNumber(value, parameter.decimalplaces)}</>;
    case 'Textarea':
      return <p className="autowired-text">{String(value)}</p>;
    case 'Form':
      // A form's number is no text for visitors: the form itself is rendered in its place (docs/design.md §30).
      return null;
    default:
      return <>{String(value)}</>;
  }
}
