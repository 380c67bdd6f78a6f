import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Languages, Save, X } from 'lucide-react';
import type { Locale, TranslationDocument, TranslationsOverview } from '../../../../core/schemas/locale';
import { Field } from '../../../components/field';
import { ApiError, errorMessage } from '../../lib/api';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { LeaveGuard } from '../../editors/leave-guard';
import { notify } from '../../toasts';
import { Refusal, SubmitButton } from './form-parts';
import { useSaveSiteTexts, useSiteTexts } from './api';
import { STATUS_WORDS, textsTranslated } from './translation-overview';

/** What leaving with the words not saved asks: nothing is kept in the browser. */
export const LEAVE_SITE_TEXTS = 'Your translations of the site’s words are not saved yet. If you leave, they are lost.';

/** A text longer than this is typed in a box of two lines (a sentence of the contact form, the tagline). */
const LONG_TEXT = 60;

/**
 * One language's translations of the site's own words: each word's source (the default language's) as the hint
 * of its field, Save publishing them at once (they have no drafts). A refusal about one text (`texts.<key>`) is
 * shown at its field; a 409 (someone saved since) above Save, with everything typed kept.
 */
function SiteTextsForm({ locale, document, defaultName, onClose }: { locale: Locale; document: TranslationDocument; defaultName: string; onClose: () => void }) {
  const save = useSaveSiteTexts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(document.units.map((unit) => [unit.path, unit.target])));
  const [revision, setRevision] = useState(document.revision);
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(texts);
  const dirty = document.units.some((unit) => (texts[unit.path] ?? '') !== (saved[unit.path] ?? ''));
  const fieldId = (path: string) => `site-text-${locale.code}-${path.replace(/[^\w-]/g, '-')}`;

  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setProblem(null);
    setRefusal(null);
    try {
      const answer = await save.mutateAsync({ locale: locale.code, revision, texts, publish: 'now' });
      setRevision(answer.revision);
      setSaved(texts);
      notify.success(`Visitors reading the site in ${locale.name} see these words.`, 'Site’s words published');
    } catch (error) {
      const path = error instanceof ApiError && error.status === 400 && error.field?.startsWith('texts.') ? error.field.slice('texts.'.length) : null;
      if (path !== null && document.units.some((unit) => unit.path === path)) {
        setProblem({ path, message: errorMessage(error) });
        window.document.getElementById(fieldId(path))?.focus();
      } else setRefusal(errorMessage(error));
    }
  };

  return (
    <section className="site-texts-form" aria-labelledby={headingId}>
      <LeaveGuard active={dirty} question={LEAVE_SITE_TEXTS} />
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        The site’s words in <span lang={locale.code}>{locale.name}</span>
      </h3>
      <p>Leave a text empty to show the {defaultName} words. Saving publishes the words at once.</p>
      <form className="app-form site-texts-form__form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="site-texts-form__fields">
          {document.units.map((unit) => {
            const id = fieldId(unit.path);
            const control = {
              lang: locale.code,
              className: 'field__input',
              value: texts[unit.path] ?? '',
              maxLength: 300,
              onChange: (event: { target: { value: string } }) => {
                const value = event.target.value;
                setTexts((current) => ({ ...current, [unit.path]: value }));
                if (problem?.path === unit.path) setProblem(null);
              },
            };
            return (
              <Field key={unit.path} id={id} label={unit.label} hint={<>{defaultName}: {unit.source}</>} error={problem?.path === unit.path ? problem.message : undefined}>
                {(frame) => (unit.source.length > LONG_TEXT ? <textarea {...frame} {...control} rows={2} /> : <input {...frame} {...control} />)}
              </Field>
            );
          })}
        </div>
        <Refusal message={refusal} />
        <div className="app-actions">
          <SubmitButton pending={save.isPending} icon={Save}>
            Save and publish
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={onClose}>
            <X className="button__icon" aria-hidden="true" focusable="false" />
            Close
          </button>
        </div>
      </form>
    </section>
  );
}

/** The words of one language, loaded when opened. */
function SiteTextsEditor({ locale, defaultName, onClose }: { locale: Locale; defaultName: string; onClose: () => void }) {
  const document = useSiteTexts(locale.code);
  if (document.status === 'pending') return <LoadingStatus label={`Loading the site’s words in ${locale.name}…`} inline />;
  if (document.status === 'error') return <LoadFailure message={errorMessage(document.error)} onRetry={() => void document.refetch()} inline />;
  return <SiteTextsForm key={locale.code} locale={locale} document={document.data} defaultName={defaultName} onClose={onClose} />;
}

/**
 * The site's own words beside its pages (docs/design.md §28): the public menu's labels, the footer's tagline and the contact
 * form's words, per language their status and count, and Translate opening them for editing under the list.
 */
export function SiteTexts({ overview, locales }: { overview: TranslationsOverview; locales: readonly Locale[] }) {
  const headingId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const opener = useRef<Record<string, HTMLButtonElement | null>>({});
  const defaultName = overview.locales.find((locale) => locale.code === overview.defaultLocale)?.name ?? overview.defaultLocale;
  const opened = locales.find((locale) => locale.code === open);

  const close = () => {
    const code = open;
    setOpen(null);
    if (code) opener.current[code]?.focus();
  };

  return (
    <section className="app-panel languages-section" aria-labelledby={headingId}>
      <h2 id={headingId}>The site’s own words</h2>
      <p>The public menu’s labels, the footer’s tagline and the contact form’s words, shown on every page in a language.</p>
      <ul className="site-texts">
        {locales.map((locale) => {
          const status = overview.siteTexts.find((entry) => entry.locale === locale.code) ?? { status: 'missing' as const, translated: 0, units: 0 };
          return (
            <li key={locale.code} className="site-texts__language">
              <span className="site-texts__name">
                <span lang={locale.code}>{locale.name}</span> <span className="language-code">{locale.code}</span>
              </span>
              <span className={`status-badge translation-badge--${status.status}`}>{STATUS_WORDS[status.status]}</span>
              <span className="site-texts__count">{textsTranslated(status)}</span>
              <button
                type="button"
                ref={(element) => {
                  opener.current[locale.code] = element;
                }}
                className="button button--outline language-item__button"
                aria-expanded={open === locale.code}
                onClick={() => setOpen(open === locale.code ? null : locale.code)}
              >
                <Languages className="button__icon" aria-hidden="true" focusable="false" />
                Translate<span className="visually-hidden"> the site’s words into {locale.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {opened ? <SiteTextsEditor key={opened.code} locale={opened} defaultName={defaultName} onClose={close} /> : null}
    </section>
  );
}
