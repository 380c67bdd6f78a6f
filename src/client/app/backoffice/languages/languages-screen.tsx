import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Save, Undo2 } from 'lucide-react';
import type { LocaleSettings } from '../../../../core/schemas/locale';
import { ApiError, errorMessage } from '../../lib/api';
import { useConfirm } from '../../components/confirm-dialog';
import { ScreenOf } from './screen-of';
import { LeaveGuard } from '../../editors/leave-guard';
import { notify } from '../../toasts';
import { useLocales, useSaveLocales } from './api';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { AddLanguageForm } from './add-language-form';
import { controlId, LanguageItem, type RowProblem } from './language-item';
import {
  addLanguage,
  changeLanguage,
  differs,
  listOf,
  makeDefault,
  refusalAt,
  removeLanguage,
  settingsOf,
  type LanguageList,
  type LanguageRow,
} from './language-list';
import './languages.css';

/**
 * languages (Administrators, docs/design.md §28): the site's default language and the others, each with its name as the
 * public switcher shows it and whether it is on the site; Make default, Remove, and Add a language (with common
 * ones to pick). Changes are made on a working copy and stored together by Save languages; a refusal is shown
 * at the row and control the server names (`locales.2.code`), and nothing typed is lost.
 */
/** What leaving with changes not saved asks: unlike an editor's, this screen keeps nothing in the browser. */
export const LEAVE_LANGUAGES = 'Your changes to the languages are not saved yet. If you leave, they are lost.';

export default function LanguagesScreen() {
  const locales = useLocales();
  const { refetch } = locales;
  // Save sends the whole list: it starts from what is stored now, not from a copy another screen read a while ago.
  useEffect(() => void refetch(), [refetch]);
  return (
    <ScreenOf
      title="Languages"
      lead={
        <p>
          The languages visitors can read the site in. Pages are written in the default language first; the others hold
          their translations, made on the <Link to="/translations">Translations</Link> screen or in each page’s editor.
        </p>
      }
      query={locales}
      loading="Loading the languages…"
    >
      {(stored) => <LanguagesEditor stored={stored} />}
    </ScreenOf>
  );
}

function LanguagesEditor({ stored }: { stored: LocaleSettings }) {
  const save = useSaveLocales();
  const { confirm, dialog } = useConfirm();
  const headingId = useId();
  /** The changes made here; null while the screen shows the stored languages as they are. */
  const [edits, setEdits] = useState<LanguageList | null>(null);
  const [problems, setProblems] = useState<Record<string, RowProblem>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = edits ?? listOf(stored);
  const dirty = edits !== null && differs(edits, stored);

  const update = (next: LanguageList, touched?: string) => {
    setEdits(next);
    setRefusal(null);
    if (touched) setProblems(({ [touched]: _gone, ...rest }) => rest);
  };

  const remove = async (row: LanguageRow) => {
    if (row.saved) {
      const question = `Remove ${row.name} (${row.code}) from the site?`;
      const details = `Its translations stay on the server: add ${row.code} again later and they are back. Visitors no longer see the site in ${row.name} once you save the languages.`;
      if (!(await confirm(question, { title: 'Remove the language', confirmLabel: 'Remove', danger: true, details })))
        return;
    }
    update(removeLanguage(list, row.key), row.key);
    // The row and its button are gone: the list's heading takes the focus.
    document.getElementById(headingId)?.focus();
  };

  // The rows are edited in the working copy above (language-item.tsx), not as the form's own values: the form sends
  // the list, a refusal about one row is said at it, one about the whole list in the refusal box.
  const form = useStaffForm<Record<string, never>>({
    defaultValues: {},
    submit: async () => {
      const sent = list;
      setProblems({});
      setRefusal(null);
      try {
        await save.mutateAsync(settingsOf(sent));
      } catch (error) {
        const at = error instanceof ApiError && error.status === 400 ? refusalAt(sent, error.field) : null;
        if (!at) throw error;
        setProblems({ [at.key]: { part: at.part, message: errorMessage(error) } });
        const row = sent.rows.find((candidate) => candidate.key === at.key);
        // A saved language's code is no input: its name takes the focus, the sentence under the row says why.
        document.getElementById(controlId(at.key, at.part === 'code' && row?.saved ? 'name' : at.part))?.focus();
        return;
      }
      setEdits(null);
      notify.success('Visitors see the site in its languages as listed.', 'Languages saved');
    },
    // In the box until the list changes (a change or Undo makes it another list).
    onRefused: setRefusal,
  });

  return (
    <>
      <LeaveGuard active={dirty} question={LEAVE_LANGUAGES} />
      <section className="app-panel languages-section" aria-labelledby={headingId}>
        <h2 id={headingId} tabIndex={-1}>
          Languages of the site
        </h2>
        <StaffForm form={form} className="languages-form">
          <ul className="language-list">
            {list.rows.map((row) => (
              <LanguageItem
                key={row.key}
                row={row}
                isDefault={row.code === list.defaultLocale}
                problem={problems[row.key]}
                onChange={(change) => update(changeLanguage(list, row.key, change), row.key)}
                onMakeDefault={() => update(makeDefault(list, row.key))}
                onRemove={() => void remove(row)}
              />
            ))}
          </ul>
          <RefusalBox message={refusal} />
          <div className="app-actions languages-form__actions">
            <SubmitButton busy={form.busy} icon={Save}>
              Save languages
            </SubmitButton>
            {dirty ? (
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  setEdits(null);
                  setProblems({});
                  setRefusal(null);
                }}
              >
                <Undo2 className="button__icon" aria-hidden="true" focusable="false" />
                Undo changes
              </button>
            ) : null}
            <p className="languages-form__state" role="status">
              {dirty ? 'Changes not saved yet.' : ''}
            </p>
          </div>
        </StaffForm>
      </section>
      <AddLanguageForm list={list} onAdd={(input) => update(addLanguage(list, input))} />
      {dialog}
    </>
  );
}
