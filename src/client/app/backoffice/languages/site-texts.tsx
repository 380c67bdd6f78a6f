import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Languages, PencilLine, Save, X } from 'lucide-react';
import { z } from 'zod';
import {
  TranslationSaveSchema,
  type Locale,
  type TranslationDocument,
  type TranslationsOverview,
} from '../../../../core/schemas/locale';
import { Field } from '../../../components/field';
import { ApiError, errorMessage } from '../../lib/api';
import { useFieldError } from '../../components/form-field';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { LeaveGuard } from '../../editors/leave-guard';
import { notify } from '../../toasts';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { useSaveSiteTexts, useSiteTexts } from './api';
import { STATUS_WORDS, textsTranslated } from './translation-overview';

/** What leaving with the words not saved asks: nothing is kept in the browser. */
export const LEAVE_SITE_TEXTS = 'Your translations of the site’s words are not saved yet. If you leave, they are lost.';
export const LEAVE_OWN_WORDS = 'Your changes to the site’s words are not saved yet. If you leave, they are lost.';

/** A text longer than this is typed in a box of two lines (a sentence of the contact form, the tagline). */
const LONG_TEXT = 60;
/** The longest of a site text of one line, unless its unit says otherwise (a form's texts, docs/design.md §30). */
const LONGEST = 300;

/**
 * The form's values: each text under a key of its own (`t0`, `t1`, … in the document's order), since a text's path
 * (`menu.1`, `footer.tagline`) would read as a path into the values; the call's rules for each.
 */
interface SiteTextValues {
  texts: Record<string, string>;
}
const SiteTextsSchema = z.object({ texts: TranslationSaveSchema.shape.texts });
const keyOf = (index: number) => `t${index}`;

/**
 * One language's translations of the site's own words: each word's source (the default language's) as the hint
 * of its field, Save publishing them at once (they have no drafts). In the default language (`own`), the firm's
 * own words in place of Folio's, Folio's as the hint (docs/design.md §34). A refusal about one text (`texts.<key>`)
 * is shown at its field; a 409 (someone saved since) above Save, with everything typed kept.
 */
function SiteTextsForm({
  locale,
  document,
  defaultName,
  own,
  onClose,
}: {
  locale: Locale;
  document: TranslationDocument;
  defaultName: string;
  own: boolean;
  onClose: () => void;
}) {
  const save = useSaveSiteTexts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [revision, setRevision] = useState(document.revision);
  const form = useStaffForm<SiteTextValues>({
    schema: SiteTextsSchema,
    defaultValues: { texts: Object.fromEntries(document.units.map((unit, index) => [keyOf(index), unit.target])) },
    submit: async (values) => {
      const texts = Object.fromEntries(
        document.units.map((unit, index) => [unit.path, values.texts[keyOf(index)] ?? '']),
      );
      try {
        const answer = await save.mutateAsync({ locale: locale.code, revision, texts, publish: 'now' });
        setRevision(answer.revision);
      } catch (error) {
        // A refusal names the text by its path: its field is the text's key.
        const index = document.units.findIndex(
          (unit) => error instanceof ApiError && error.field === `texts.${unit.path}`,
        );
        if (error instanceof ApiError && index >= 0)
          throw new ApiError(error.status, error.message, `texts.${keyOf(index)}`, error.data);
        throw error;
      }
      // What was sent is saved: the form is not dirty until something changes again.
      form.methods.reset(values, { keepFieldsRef: true });
      notify.success(
        own
          ? 'Visitors see these words on every page.'
          : `Visitors reading the site in ${locale.name} see these words.`,
        'Site’s words published',
      );
    },
  });

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="site-texts-form" aria-labelledby={headingId}>
      <LeaveGuard active={form.methods.formState.isDirty} question={own ? LEAVE_OWN_WORDS : LEAVE_SITE_TEXTS} />
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {own ? (
          'The site’s words, in your own words'
        ) : (
          <>
            The site’s words in <span lang={locale.code}>{locale.name}</span>
          </>
        )}
      </h3>
      <p>
        {own
          ? 'Put your own words in place of the ones Folio comes with. Leave a text empty to keep Folio’s. Saving publishes the words at once.'
          : `Leave a text empty to show the ${defaultName} words. Saving publishes the words at once.`}
      </p>
      <StaffForm form={form} className="app-form site-texts-form__form">
        <div className="site-texts-form__fields">
          {document.units.map((unit, index) => (
            <SiteTextField
              key={unit.path}
              unit={unit}
              name={`texts.${keyOf(index)}`}
              id={`site-text-${locale.code}-${unit.path.replace(/[^\w-]/g, '-')}`}
              lang={locale.code}
              hint={`${own ? 'Folio’s words' : defaultName}: ${unit.source}`}
            />
          ))}
        </div>
        <RefusalBox message={form.refusal} />
        <div className="app-actions">
          <SubmitButton busy={form.busy} icon={Save}>
            Save and publish
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={onClose}>
            <X className="button__icon" aria-hidden="true" focusable="false" />
            Close
          </button>
        </div>
      </StaffForm>
    </section>
  );
}

/**
 * One text in the language it is written in, its source as the hint; a long one in a box of two lines, a text of
 * several lines (a form's help, message or mail) in a box that keeps its lines.
 */
function SiteTextField({
  unit,
  name,
  id,
  lang,
  hint,
}: {
  unit: TranslationDocument['units'][number];
  name: string;
  id: string;
  lang: string;
  hint: string;
}) {
  const { register } = useFormContext<SiteTextValues>();
  const control = {
    lang,
    className: 'field__input',
    maxLength: unit.max ?? LONGEST,
    ...register(name as `texts.${string}`),
  };
  const lines = unit.kind === 'textarea' ? Math.min(8, Math.max(3, unit.source.split('\n').length + 1)) : 2;
  return (
    <Field id={id} label={unit.label} hint={hint} error={useFieldError(name)}>
      {(frame) =>
        unit.kind === 'textarea' || unit.source.length > LONG_TEXT ? (
          <textarea {...frame} {...control} rows={lines} />
        ) : (
          <input {...frame} {...control} />
        )
      }
    </Field>
  );
}

/** The words of one language, loaded when opened. */
function SiteTextsEditor({
  locale,
  defaultName,
  own,
  onClose,
}: {
  locale: Locale;
  defaultName: string;
  own: boolean;
  onClose: () => void;
}) {
  const document = useSiteTexts(locale.code);
  if (document.status === 'pending')
    return <LoadingStatus label={`Loading the site’s words in ${locale.name}…`} inline />;
  if (document.status === 'error')
    return <LoadFailure message={errorMessage(document.error)} onRetry={() => void document.refetch()} inline />;
  return (
    <SiteTextsForm
      key={locale.code}
      locale={locale}
      document={document.data}
      defaultName={defaultName}
      own={own}
      onClose={onClose}
    />
  );
}

/**
 * The site's own words beside its pages (docs/design.md §28, §34): the public menu's labels, the footer's tagline, the
 * contact form's words and the words around every page. First the default language, whose words the firm may put in
 * its own (Edit); then per other language their status and count, and Translate. Each opens under the list.
 */
export function SiteTexts({ overview, locales }: { overview: TranslationsOverview; locales: readonly Locale[] }) {
  const headingId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const opener = useRef<Record<string, HTMLButtonElement | null>>({});
  const main = overview.locales.find((locale) => locale.code === overview.defaultLocale) ?? {
    code: overview.defaultLocale,
    name: overview.defaultLocale,
    enabled: true,
  };
  const defaultName = main.name;
  const opened = open === main.code ? main : locales.find((locale) => locale.code === open);
  const toggle = (code: string) => setOpen(open === code ? null : code);
  const openerOf = (code: string) => (element: HTMLButtonElement | null) => {
    opener.current[code] = element;
  };

  const close = () => {
    const code = open;
    setOpen(null);
    if (code) opener.current[code]?.focus();
  };

  return (
    <section className="app-panel languages-section" aria-labelledby={headingId}>
      <h2 id={headingId}>The site’s own words</h2>
      <p>
        The words around every page: the footer’s, the forms’, the page-not-found page’s. Put them in your own words
        here, and translate them into each other language together with the public menu’s labels, the footer’s tagline
        and each form’s labels, help, choices and messages (a form’s own texts are changed on the forms screen).
      </p>
      <ul className="site-texts">
        <li className="site-texts__language">
          <span className="site-texts__name">
            <span lang={main.code}>{main.name}</span> <span className="language-code">{main.code}</span>
          </span>
          <span className="status-badge">Default</span>
          <span className="site-texts__count">{ownWordsCount(overview.ownWords)}</span>
          <button
            type="button"
            ref={openerOf(main.code)}
            className="button button--outline language-item__button"
            aria-expanded={open === main.code}
            onClick={() => toggle(main.code)}
          >
            <PencilLine className="button__icon" aria-hidden="true" focusable="false" />
            Edit<span className="visually-hidden"> the site’s words in {main.name}</span>
          </button>
        </li>
        {locales.map((locale) => {
          const status = overview.siteTexts.find((entry) => entry.locale === locale.code) ?? {
            status: 'missing' as const,
            translated: 0,
            units: 0,
          };
          return (
            <li key={locale.code} className="site-texts__language">
              <span className="site-texts__name">
                <span lang={locale.code}>{locale.name}</span> <span className="language-code">{locale.code}</span>
              </span>
              <span className={`status-badge translation-badge--${status.status}`}>{STATUS_WORDS[status.status]}</span>
              <span className="site-texts__count">{textsTranslated(status)}</span>
              <button
                type="button"
                ref={openerOf(locale.code)}
                className="button button--outline language-item__button"
                aria-expanded={open === locale.code}
                onClick={() => toggle(locale.code)}
              >
                <Languages className="button__icon" aria-hidden="true" focusable="false" />
                Translate<span className="visually-hidden"> the site’s words into {locale.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {opened ? (
        <SiteTextsEditor
          key={opened.code}
          locale={opened}
          defaultName={defaultName}
          own={opened.code === main.code}
          onClose={close}
        />
      ) : null}
    </section>
  );
}

/** "Folio's words" or "3 of 60 in your own words", as the default language's row says it. */
export const ownWordsCount = ({ changed, units }: TranslationsOverview['ownWords']) =>
  changed === 0 ? 'Folio’s words' : `${changed}/${units} in your own words`;
