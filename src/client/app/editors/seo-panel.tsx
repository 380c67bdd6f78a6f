import { useEffect, useId, useState } from 'react';
import type { EditState } from '../../../core/schemas/revision';
import { EMPTY_SEO, SEO_LABELS, SEO_LIMITS, shortenText } from '../../../core/schemas/seo';
import type { Seo } from '../../../core/schemas/seo';
import { Field } from '../../components/field';
import { AutoGrowTextarea } from './auto-grow-textarea';
import { ImageUploadField } from './image-upload';
import type { SaveRefusal } from './save-messages';
import '../../styles/seo-compare.css';

/** What a page shows while its seo fields are empty, and its public address (the edit call's `seoDefaults`). */
export type SeoDefaults = EditState['seoDefaults'];

/** How much of a title and a description a search result shows (about): the preview cuts there. */
export const SEARCH_RESULT_LENGTH = { title: SEO_LIMITS.titleHint, description: SEO_LIMITS.description } as const;

type CountedField = 'title' | 'description';

const COUNTED = {
  title: { max: SEO_LIMITS.title, hintFrom: SEO_LIMITS.titleHint, noun: 'title' },
  description: { max: SEO_LIMITS.description, hintFrom: SEO_LIMITS.descriptionHint, noun: 'description' },
} as const;

/**
 * A counted field's count ("42 / 70") and, from its hint length on, what search results do with a text that
 * long; at the limit, that nothing more can be typed.
 */
export function seoCounter(field: CountedField, length: number): { count: string; note: string } {
  const { max, hintFrom, noun } = COUNTED[field];
  const count = `${length} / ${max}`;
  if (length >= max)
    return { count, note: `Search results show about ${hintFrom} characters, and a ${noun} takes at most ${max}.` };
  if (length >= hintFrom)
    return {
      count,
      note: `Search results show about ${hintFrom} characters: the rest of a longer ${noun} may be cut.`,
    };
  return { count, note: '' };
}

/** The search result the page gets: its own title and description, or the defaults, cut as a search engine would. */
export function searchResultPreview(seo: Seo | undefined, defaults: SeoDefaults) {
  const title = seo?.title.trim() || defaults.title;
  const description = seo?.description.trim() || defaults.description;
  return {
    title: shortenText(title, SEARCH_RESULT_LENGTH.title),
    url: defaults.url,
    description: shortenText(description, SEARCH_RESULT_LENGTH.description),
    ownTitle: Boolean(seo?.title.trim()),
    ownDescription: Boolean(seo?.description.trim()),
  };
}

/** A counted text: its count tied to the input, and the note announced politely when it appears. */
function CountHint({ field, value, lead }: { field: CountedField; value: string; lead: string }) {
  const { count, note } = seoCounter(field, value.length);
  return (
    <>
      {lead}{' '}
      <span className="seo-count">
        {count}
        <span className="visually-hidden"> characters</span>
      </span>
      <span className="seo-count__note" aria-live="polite">
        {note ? ` ${note}` : ''}
      </span>
    </>
  );
}

function SearchResultPreview({ seo, defaults }: { seo: Seo | undefined; defaults: SeoDefaults }) {
  const headingId = useId();
  const preview = searchResultPreview(seo, defaults);
  const usesDefaults = [preview.ownTitle ? null : 'title', preview.ownDescription ? null : 'description']
    .filter(Boolean)
    .join(' and ');
  return (
    <section className="seo-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="seo-preview__heading">
        Search result preview
      </h3>
      <div className="seo-preview__result">
        <p className="seo-preview__title">
          {preview.title || <span className="seo-preview__missing">(no title)</span>}
        </p>
        {preview.url ? <p className="seo-preview__url">{preview.url}</p> : null}
        <p className="seo-preview__description">
          {preview.description || <span className="seo-preview__missing">(no description)</span>}
        </p>
      </div>
      {usesDefaults ? <p className="seo-preview__note">Shown with the default {usesDefaults}.</p> : null}
    </section>
  );
}

/** The image a page without its own is shared with (the company's logo); nothing if there is none or it does not load. */
function DefaultImage({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!/^(https?:\/\/|\/(?!\/))/i.test(src) || failed === src) return null;
  return (
    <figure className="seo-image__default">
      <img className="image-preview" src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />
      <figcaption className="field__hint">
        Without an image of its own, the page is shared with this one (the default).
      </figcaption>
    </figure>
  );
}

/**
 * "Search and sharing" (docs/design.md §20): the page's own title, description and sharing image, each empty by
 * default (the placeholders show the defaults), with counters and a preview of the search result. Changes go
 * to the editor's working copy like any other field, so they count as unsaved and are saved with the page.
 */
export function SeoPanel({
  seo,
  defaults,
  onChange,
  idPrefix,
  pointer,
}: {
  /** The document's seo; absent means all empty. */
  seo: Seo | undefined;
  defaults: SeoDefaults;
  onChange: (seo: Seo) => void;
  idPrefix: string;
  /** The field the editor is pointed at (a click in the preview, a check's finding): `seo.title` takes the focus here. */
  pointer?: SaveRefusal | null;
}) {
  const headingId = useId();
  const value = seo ?? EMPTY_SEO;
  const set = (field: keyof Seo, text: string) => onChange({ ...value, [field]: text });
  const ids = {
    title: `${idPrefix}-seo-title`,
    description: `${idPrefix}-seo-description`,
    image: `${idPrefix}-seo-image`,
  };
  const pointedAt = pointer?.path.startsWith('seo.') ? pointer : null;
  useEffect(() => {
    const field = pointedAt?.path.slice('seo.'.length);
    if (field === 'title' || field === 'description' || field === 'image')
      requestAnimationFrame(() => document.getElementById(ids[field])?.focus());
    // Once per pointer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pointedAt?.at]);

  return (
    <section className="app-panel editor-block seo-panel" aria-labelledby={headingId}>
      <h2 className="editor-block__title" id={headingId}>
        Search and sharing
      </h2>
      <p className="editor-block__intro">
        How the page shows in search results and when it is shared. Empty fields use the page’s defaults, shown greyed
        in each field.
      </p>
      <div className="field-path" data-field-path="seo.title">
        <Field
          id={ids.title}
          label={SEO_LABELS.title}
          hint={<CountHint field="title" value={value.title} lead="Empty: the page’s name and the company’s name." />}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              autoComplete="off"
              maxLength={SEO_LIMITS.title}
              placeholder={defaults.title}
              value={value.title}
              onChange={(event) => set('title', event.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <div className="field-path" data-field-path="seo.description">
        <Field
          id={ids.description}
          label={SEO_LABELS.description}
          hint={<CountHint field="description" value={value.description} lead="Empty: the page’s first paragraph." />}
        >
          {(control) => (
            <AutoGrowTextarea
              {...control}
              autoComplete="off"
              maxLength={SEO_LIMITS.description}
              placeholder={defaults.description}
              value={value.description}
              onChange={(event) => set('description', event.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <div className="field-path" data-field-path="seo.image">
        <Field
          id={ids.image}
          label={SEO_LABELS.image}
          className="seo-image"
          hint="Shown when the page is shared. Upload a PNG or JPEG image (1200 × 630 pixels suits most networks), or give its address. Empty: the company’s logo."
        >
          {(control) => (
            <div className="seo-image__control">
              <ImageUploadField
                id={ids.image}
                folder="sharing"
                pickerLabel="Choose a sharing image file (PNG or JPEG)"
                value={value.image}
                onChange={(text) => set('image', text)}
                describedBy={control['aria-describedby']}
              />
              {value.image.trim() !== '' ? (
                <button
                  type="button"
                  className="button button--outline seo-image__remove"
                  onClick={() => set('image', '')}
                >
                  Remove image
                </button>
              ) : (
                <DefaultImage src={defaults.image} />
              )}
            </div>
          )}
        </Field>
      </div>
      <SearchResultPreview seo={seo} defaults={defaults} />
    </section>
  );
}
