import { Star, Trash2 } from 'lucide-react';
import { Field } from '../../../components/field';
import type { LanguageRow, RowPart } from './language-list';

/** A row's control ids: `language-<key>-code` and so on, the key's colon made safe for an id. */
export const controlId = (key: string, part: RowPart) => `language-${key.replace(':', '-')}-${part}`;

/** A refusal marked at a row: the part it is about, and the server's sentence. */
export interface RowProblem {
  part: RowPart;
  message: string;
}

/**
 * One language of the list: its code (typed while the language is not saved yet; a saved one keeps its code,
 * as its translations hang on it), its name as the public switcher shows it, whether it is on the site, and the
 * Default marker or Make default and Remove. A refusal about the row is shown under it and marks its control.
 */
export function LanguageItem({
  row,
  isDefault,
  problem,
  onChange,
  onMakeDefault,
  onRemove,
}: {
  row: LanguageRow;
  isDefault: boolean;
  problem: RowProblem | undefined;
  onChange: (change: Partial<Pick<LanguageRow, 'code' | 'name' | 'enabled'>>) => void;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const errorId = `${controlId(row.key, 'name')}-row-error`;
  const marked = (part: RowPart) =>
    problem?.part === part ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const called = row.name.trim() || row.code.trim() || 'the new language';
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;

  return (
    <li className={isDefault ? 'language-item language-item--default' : 'language-item'}>
      <div className="language-item__fields">
        {row.saved ? (
          <div className="field language-item__code">
            <span className="field__label">Code</span>
            <code className="language-code">{row.code}</code>
          </div>
        ) : (
          <Field
            id={controlId(row.key, 'code')}
            className="language-item__code"
            label={<>Code{hidden(` of ${called}`)}</>}
          >
            {(control) => (
              <input
                {...control}
                {...marked('code')}
                className="field__input"
                value={row.code}
                onChange={(event) => onChange({ code: event.target.value })}
                autoComplete="off"
                spellCheck={false}
                maxLength={35}
              />
            )}
          </Field>
        )}
        <Field
          id={controlId(row.key, 'name')}
          className="language-item__name"
          label={<>Name{hidden(` of ${row.code || 'the new language'}`)}</>}
        >
          {(control) => (
            <input
              {...control}
              {...marked('name')}
              lang={row.saved ? row.code : undefined}
              className="field__input"
              value={row.name}
              onChange={(event) => onChange({ name: event.target.value })}
              maxLength={60}
            />
          )}
        </Field>
        <div className="language-item__state">
          {isDefault ? (
            <p className="language-item__always">Always on the site</p>
          ) : (
            <label className="language-item__check" htmlFor={controlId(row.key, 'enabled')}>
              <input
                id={controlId(row.key, 'enabled')}
                type="checkbox"
                {...marked('enabled')}
                checked={row.enabled}
                onChange={(event) => onChange({ enabled: event.target.checked })}
              />{' '}
              On the site
              {hidden(` in ${called}`)}
            </label>
          )}
        </div>
        <div className="language-item__actions">
          {isDefault ? (
            <span className="language-badge language-badge--default">
              <Star className="language-badge__icon" aria-hidden="true" focusable="false" />
              Default
            </span>
          ) : (
            <>
              <button type="button" className="button button--outline language-item__button" onClick={onMakeDefault}>
                Make default{hidden(`: ${called}`)}
              </button>
              <button
                type="button"
                className="button button--outline button--danger language-item__button"
                onClick={onRemove}
              >
                <Trash2 className="button__icon" aria-hidden="true" focusable="false" />
                Remove{hidden(` ${called}`)}
              </button>
            </>
          )}
        </div>
      </div>
      {!row.saved ? <p className="language-item__note">Not saved yet</p> : null}
      {problem ? (
        <p className="field__error language-item__error" id={errorId}>
          {problem.message}
        </p>
      ) : null}
    </li>
  );
}
