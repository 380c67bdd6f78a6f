import { useEffect, useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CalendarRange } from 'lucide-react';
import { VISITS_MOST_DAYS, type VisitsQuery } from '../../../../core/schemas/visits';
import { Field } from '../../../components/field';
import { useFieldError } from '../../components/form-field';
import { markRefusedField } from '../../lib/refused-field';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import {
  RANGE_CHOICES,
  RangeValuesSchema,
  queryOf,
  type RangeChoice,
  type RangeValues,
  type VisitsView,
} from './visits-range';

/** From or To of the From–To choice: a date field whose error (the form's, or the server's) shows under it. */
function DayField({ name, label, hintId }: { name: 'from' | 'to'; label: string; hintId: string }) {
  const { register } = useFormContext<RangeValues>();
  const { errors } = useFormState<RangeValues>({ name });
  // The server's refusal of a range from the address is said at once, before the field is touched or the form sent.
  const refused = errors[name]?.type === 'server' ? errors[name]?.message : undefined;
  const error = useFieldError(name) ?? refused;
  const id = `visits-range-${name}`;
  return (
    <Field id={id} label={label} error={error} className="visits-range__day">
      {(control) => (
        <input
          {...control}
          aria-describedby={[hintId, control['aria-describedby']].filter(Boolean).join(' ')}
          className="field__input"
          type="date"
          {...register(name)}
        />
      )}
    </Field>
  );
}

/**
 * The range of the visits screen: the last 7, 30 or 90 days or 12 months (shown as soon as chosen), or From–To dates
 * (shown on Show). The dates are checked as the server checks them (core's VISITS_MESSAGES); Show then reads the
 * range before it is shown, so that a range the server refuses is said at the field it names, with the focus there.
 * `applied` is what the screen shows (its address): the form follows it when it changes (Back, a link).
 */
export function RangeForm({
  applied,
  onApply,
  prefetch,
  refusal,
}: {
  applied: VisitsView;
  onApply: (view: VisitsView) => void;
  /** Reads a range's figures (throws the server's refusal). */
  prefetch: (query: VisitsQuery) => Promise<unknown>;
  /** The server's refusal of the range shown (an address typed or kept from before): said at the field it names. */
  refusal?: unknown;
}) {
  const hintId = useId();
  const form = useStaffForm<RangeValues>({
    schema: RangeValuesSchema,
    defaultValues: { range: applied.range, from: applied.from, to: applied.to },
    submit: async ({ range, from, to }) => {
      const view = { ...applied, range, from: range === 'dates' ? from : '', to: range === 'dates' ? to : '' };
      if (range === 'dates') await prefetch(queryOf(view));
      onApply(view);
    },
  });
  const { reset, register, control, setValue, getValues, setError, setFocus } = form.methods;
  // The fields follow the range shown when it changes from outside (Back, a link); the inputs stay registered.
  const appliedKey = JSON.stringify({ range: applied.range, from: applied.from, to: applied.to });
  useEffect(() => {
    reset(JSON.parse(appliedKey) as RangeValues, { keepFieldsRef: true });
  }, [appliedKey, reset]);
  useEffect(() => {
    if (refusal && applied.range === 'dates') markRefusedField({ setError, setFocus }, refusal, ['from', 'to']);
  }, [refusal, applied.range, setError, setFocus]);
  const range = useWatch({ control, name: 'range' });
  const choice = register('range');

  const choose = (value: RangeChoice) => {
    // A range of days is shown at once; From–To waits for its dates and Show, starting from the days shown now.
    if (value !== 'dates') onApply({ ...applied, range: value, from: '', to: '' });
    else if (!getValues('from') && !getValues('to')) {
      const shown = queryOf(applied);
      setValue('from', shown.from ?? '');
      setValue('to', shown.to ?? '');
    }
  };

  return (
    <StaffForm form={form} className="app-panel visits-range" aria-label="Range of days">
      <fieldset className="visits-range__choices">
        <legend className="visits-range__legend">Range</legend>
        {RANGE_CHOICES.map((option) => (
          <label key={option.value} className="visits-range__choice">
            <input
              type="radio"
              value={option.value}
              {...choice}
              onChange={(event) => {
                void choice.onChange(event);
                choose(option.value);
              }}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {range === 'dates' ? (
        <div className="visits-range__dates">
          <DayField name="from" label="From" hintId={hintId} />
          <DayField name="to" label="To" hintId={hintId} />
          <SubmitButton busy={form.busy} icon={CalendarRange} className="button visits-range__show">
            Show
          </SubmitButton>
        </div>
      ) : null}
      <p id={hintId} className="visits-range__hint">
        Days run from midnight to midnight UTC, both From and To counted; a range spans at most {VISITS_MOST_DAYS} days.
      </p>
      <RefusalBox message={form.refusal} />
    </StaffForm>
  );
}
