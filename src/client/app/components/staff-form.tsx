import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { DefaultValues, FieldPath, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import { errorMessage } from '../lib/api';
import { markRefusedField } from '../lib/refused-field';

/**
 * The one form model of the staff app (docs/design.md §29): a form's values are held by react-hook-form and checked by a
 * zod schema made from the call's own (the route table's, `src/core/api/`), as the server checks them. A refusal that
 * names a field (`{message, field}`, docs/design.md §25) is put on that field and focuses it; one that names none
 * shows in the form's refusal box (or where the screen says, `onRefused`). The submit button is busy while the call
 * is on its way, and a second press does nothing: it says so (`aria-disabled`) rather than being disabled, so that
 * the keyboard's focus stays on it through a refusal (a browser moves the focus off a disabled button, to the page).
 */

/**
 * A refusal the screen has worded itself (a catalogue's sentence in place of the server's, say): thrown from
 * `submit`, it shows in the refusal box as it is, on no field.
 */
export class Refusal extends Error {}

export interface StaffFormOptions<T extends FieldValues, Out extends FieldValues = T> {
  /** The values' schema, from the call's body schema; none for a form the spec wants checked by the server alone. */
  schema?: z.ZodType<Out, T>;
  /** In place of `schema`, for a form whose rules follow its values (a master value's parent, by its type). */
  resolver?: Resolver<T, unknown, Out>;
  defaultValues: DefaultValues<T>;
  /** Sends the values. What it throws is the refusal: on its field, or in the box. */
  submit: (values: Out) => Promise<void>;
  /** Where the body sent sits in the form's values ('company.' when the form holds it under `company`). */
  prefix?: string;
  /** A refusal about none of the form's fields, said elsewhere than in the box (a toast, where the spec says so). */
  onRefused?: (message: string) => void;
  /** After a submit the form's own rules stopped (their sentences are at the fields): anything more to say. */
  onInvalid?: () => void;
}

export interface StaffFormState<T extends FieldValues, Out extends FieldValues = T> {
  methods: UseFormReturn<T, unknown, Out>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The refusal that names no field, for the refusal box; null while there is none. */
  refusal: string | null;
  /** The call is on its way. */
  busy: boolean;
}

/** `const form = useStaffForm({schema, defaultValues, submit})`, then `<StaffForm form={form}>` with the fields inside. */
export function useStaffForm<T extends FieldValues, Out extends FieldValues = T>(
  options: StaffFormOptions<T, Out>,
): StaffFormState<T, Out> {
  const { schema, resolver, defaultValues, submit, prefix = '', onRefused, onInvalid } = options;
  const methods = useForm<T, unknown, Out>({
    resolver: resolver ?? (schema ? zodResolver(schema) : undefined),
    defaultValues,
    // A field's error once it was left, then as it is typed (the staff app's forms all behave so).
    mode: 'onTouched',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  // One call at a time, whatever asks for the second (a press, Enter in a field): set before React shows busy.
  const sending = useRef(false);
  const send = methods.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await submit(values);
    } catch (error) {
      const fields = leafPaths(methods.getValues()) as FieldPath<T>[];
      if (!(error instanceof Refusal) && markRefusedField(methods, error, fields, prefix)) return;
      const message = error instanceof Refusal ? error.message : errorMessage(error);
      if (onRefused) onRefused(message);
      else setRefusal(message);
    }
  }, onInvalid);
  return {
    methods,
    onSubmit: (event) => {
      if (sending.current) {
        event.preventDefault();
        return;
      }
      sending.current = true;
      void send(event).finally(() => (sending.current = false));
    },
    refusal,
    busy: methods.formState.isSubmitting,
  };
}

/**
 * The form's own fields: every path to a value in it ('groupname', 'company.companyName', 'fields.2.label': a list of
 * objects by its entries; a list of texts, a group of ticks, is one field).
 */
function leafPaths(values: unknown, at = ''): string[] {
  const entries =
    Array.isArray(values) && values.some((value) => value !== null && typeof value === 'object')
      ? values.map((value, index) => [String(index), value] as const)
      : values === null || typeof values !== 'object' || Array.isArray(values) || values instanceof File
        ? null
        : Object.entries(values);
  if (entries === null) return at ? [at] : [];
  return entries.flatMap(([key, value]) => leafPaths(value, at ? `${at}.${key}` : key));
}

/** The form element of the one model: its fields reach the values through react-hook-form's context. */
export function StaffForm<T extends FieldValues, Out extends FieldValues>({
  form,
  className = 'app-form app-panel',
  children,
  ...labels
}: {
  form: StaffFormState<T, Out>;
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) {
  return (
    <FormProvider {...form.methods}>
      <form className={className} onSubmit={form.onSubmit} noValidate {...labels}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * The one refusal box: a refusal that names no field (the server's sentence), read out as it appears, with what to do
 * next if there is more (a link); nothing while there is none.
 */
export function RefusalBox({
  message,
  className,
  children,
}: {
  message: string | null;
  /** A class of the screen's own beside the box's. */
  className?: string;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <div
      className={className ? `refusal-box refusal-box--strong ${className}` : 'refusal-box refusal-box--strong'}
      role="alert"
    >
      <p>{message}</p>
      {children}
    </div>
  );
}

/**
 * A form's submit button, busy (and not pressed twice) while its call is on its way: `aria-disabled`, not `disabled`,
 * so that it keeps the keyboard's focus (a press while busy is stopped here and by `useStaffForm`).
 */
export function SubmitButton({
  busy,
  icon: Icon,
  className = 'button',
  children,
}: {
  busy: boolean;
  /** Its icon, before the words; none for a button of words alone (the account screens'). */
  icon?: LucideIcon;
  /** The button's look: `button` (the default), `button button--outline button--danger`, … */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? stopPress : undefined}
    >
      {Icon ? <Icon className="button__icon" aria-hidden="true" focusable="false" /> : null}
      {children}
    </button>
  );
}

/** A press of a busy submit button: nothing is sent again. */
const stopPress = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
