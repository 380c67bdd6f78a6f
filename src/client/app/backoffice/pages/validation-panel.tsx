import type { ReactNode } from 'react';
import { Field } from '../../../components/field';
import { useActiveMasterTypes } from '../masters/api';
import { DATE_RULES, DATE_RULE_LABELS, toggleDateRule, type ParameterDraft } from './parameter-form';

/**
 * The rules panel of the fields screen (spec 001 §2 per-kind validation panels): one set of inputs per kind of
 * value, apart from the rest of the form because each kind has its own.
 */

/** How a panel changes the draft: the fields it names, merged into the rest. */
type ChangeDraft = (changes: Partial<ParameterDraft>) => void;

/** An input's onChange that sets one field of the draft to the text as typed (the draft keeps numbers as text). */
const setsField = (change: ChangeDraft, field: keyof ParameterDraft) => (value: string) => change({ [field]: value });

/** The master type a MasterData parameter offers its values from (the active types of Master Types). */
function MasterTypeSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const types = useActiveMasterTypes();
  const options = types.data ?? [];
  const held = value !== '' && !options.some((t) => String(t.id) === value);
  return (
    <Field
      id="param-commonmastertype"
      label="Master type"
      required
      hint={
        types.isError
          ? 'The master types could not be loaded; try again.'
          : 'The values the editor offers come from this type (Master Values). A type depending on another follows the value chosen for that one.'
      }
    >
      {(control) => (
        <select {...control} className="field__input" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{types.isLoading ? 'Loading…' : 'Choose a master type'}</option>
          {held ? <option value={value}>Type {value} (inactive or unknown)</option> : null}
          {options.map((type) => (
            <option key={type.id} value={String(type.id)}>
              {type.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A number input of a validation panel, empty for no limit. */
function NumberField({
  id,
  label,
  value,
  onChange,
  hint,
  allowNegative = false,
  decimals = false,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  allowNegative?: boolean;
  decimals?: boolean;
  max?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type="number"
          inputMode={decimals || allowNegative ? 'decimal' : 'numeric'}
          min={allowNegative ? undefined : 0}
          max={max}
          step={decimals ? 'any' : 1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A checkbox of a validation panel, its label beside it. */
function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="field__label page-form__check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
    </div>
  );
}

/** The rules of a text or rich text: its shortest and longest length, in characters. */
function LengthRules({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <NumberField
        id="param-minlength"
        label="Minimum length"
        value={draft.minlength}
        onChange={setsField(change, 'minlength')}
        hint="In characters; empty for none."
      />
      <NumberField
        id="param-maxlength"
        label="Maximum length"
        value={draft.maxlength}
        onChange={setsField(change, 'maxlength')}
        hint="In characters; empty for none."
      />
    </>
  );
}

/** The rules of a whole number: its most digits, its smallest value, and whether it may be negative. */
function IntegerRules({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <NumberField
        id="param-maxdigits"
        label="Maximum digits"
        value={draft.maxlength}
        onChange={setsField(change, 'maxlength')}
        hint="Empty for any number of digits."
      />
      <NumberField
        id="param-min"
        label="Minimum"
        value={draft.min}
        onChange={setsField(change, 'min')}
        allowNegative
        hint="The smallest number accepted; empty for none."
      />
      <CheckField
        id="param-allownegative"
        label="Allow negative numbers"
        checked={draft.allownegative}
        onChange={(allownegative) => change({ allownegative })}
      />
    </>
  );
}

/** The rules of a decimal number: its decimal places, its smallest value, and whether it may be negative. */
function FloatRules({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <NumberField
        id="param-decimalplaces"
        label="Decimal places"
        value={draft.decimalplaces}
        onChange={setsField(change, 'decimalplaces')}
        max={10}
        hint="Digits after the point, 0 to 10."
      />
      <NumberField
        id="param-min"
        label="Minimum"
        value={draft.min}
        onChange={setsField(change, 'min')}
        allowNegative
        decimals
        hint="The smallest number accepted; empty for none."
      />
      <CheckField
        id="param-allownegativeforfloat"
        label="Allow negative numbers"
        checked={draft.allownegativeforfloat}
        onChange={(allownegativeforfloat) => change({ allownegativeforfloat })}
      />
    </>
  );
}

/** The rule of a date: one of the date rules, or none; checking one unchecks the others. */
function DateRules({
  draft,
  setDraft,
}: {
  draft: ParameterDraft;
  setDraft: (update: (current: ParameterDraft) => ParameterDraft) => void;
}) {
  return (
    <fieldset className="param-form__dates" aria-describedby="param-dates-hint">
      <legend className="field__label">Date rule</legend>
      <div className="page-form__choices">
        {DATE_RULES.map((rule) => (
          <label key={rule} className="page-form__check" htmlFor={`param-${rule}`}>
            <input
              id={`param-${rule}`}
              type="checkbox"
              checked={draft.dateRule === rule}
              onChange={() => setDraft((current) => ({ ...current, dateRule: toggleDateRule(current.dateRule, rule) }))}
            />{' '}
            {DATE_RULE_LABELS[rule]}
          </label>
        ))}
      </div>
      <p className="field__hint" id="param-dates-hint">
        One at a time: checking one unchecks the others; none accepts any date.
      </p>
    </fieldset>
  );
}

/** What a yes-or-no field says for yes and for no. */
function BooleanLabels({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <TextField
        id="param-booleanyes"
        label="Label for yes"
        value={draft.booleanyes}
        onChange={(booleanyes) => change({ booleanyes })}
      />
      <TextField
        id="param-booleanno"
        label="Label for no"
        value={draft.booleanno}
        onChange={(booleanno) => change({ booleanno })}
      />
    </>
  );
}

/** The rules of an image: its largest file size and its height and width in pixels. */
function ImageRules({ draft, change }: { draft: ParameterDraft; change: ChangeDraft }) {
  return (
    <>
      <NumberField
        id="param-sizeinKB"
        label="Size in KB"
        value={draft.sizeinKB}
        onChange={setsField(change, 'sizeinKB')}
        hint="The largest file accepted; empty for the site's limit."
      />
      <NumberField
        id="param-height"
        label="Height (px)"
        value={draft.height}
        onChange={setsField(change, 'height')}
        hint="Empty for any height."
      />
      <NumberField
        id="param-width"
        label="Width (px)"
        value={draft.width}
        onChange={setsField(change, 'width')}
        hint="Empty for any width."
      />
    </>
  );
}

/** The rules of the chosen kind (spec 001 §2 per-kind validation panels). */
export function ValidationPanel({
  draft,
  change,
  setDraft,
}: {
  draft: ParameterDraft;
  change: ChangeDraft;
  setDraft: (update: (current: ParameterDraft) => ParameterDraft) => void;
}) {
  let panel: ReactNode;
  switch (draft.unittype) {
    case 'Character':
    case 'Richtext':
      panel = <LengthRules draft={draft} change={change} />;
      break;
    case 'Integer':
      panel = <IntegerRules draft={draft} change={change} />;
      break;
    case 'Float':
      panel = <FloatRules draft={draft} change={change} />;
      break;
    case 'Date':
      panel = <DateRules draft={draft} setDraft={setDraft} />;
      break;
    case 'Boolean':
      panel = <BooleanLabels draft={draft} change={change} />;
      break;
    case 'MasterData':
      panel = <MasterTypeSelect value={draft.commonmastertype} onChange={setsField(change, 'commonmastertype')} />;
      break;
    case 'Image':
      panel = <ImageRules draft={draft} change={change} />;
      break;
  }
  return (
    <div className="param-form__panel" aria-label={`${draft.unittype} rules`} role="group">
      {panel}
    </div>
  );
}

/** A line of text of a validation panel (the labels of yes and no), up to 30 characters. */
function TextField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint="Up to 30 characters.">
      {(control) => (
        <input
          {...control}
          className="field__input"
          maxLength={30}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
