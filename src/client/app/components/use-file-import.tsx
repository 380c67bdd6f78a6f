import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../components/field';
import { useFieldError } from './form-field';
import { useStaffForm, type StaffFormState } from './staff-form';

/** A file form's values: the input's files, and the one file taken from them. */
interface FileValues {
  file: FileList | null;
}
interface ChosenFile {
  file: File;
}

/**
 * A form of the one model (staff-form.tsx) that sends a chosen file's text (a CSV of redirects, a translated XLIFF
 * file): `<StaffForm form={form}>` with a `<FileField>` inside. No file chosen is refused at the input (`noFile`, with
 * the focus there) before anything is sent; the answer is `answer`, a refusal the server's sentence in
 * `form.refusal`. The input is emptied after a file is taken, so that the same file can be chosen again; the submit
 * button is busy while it is on its way.
 */
export function useFileImport<A>(
  send: (text: string) => Promise<A>,
  noFile: string,
): { form: StaffFormState<FileValues, ChosenFile>; answer: A | null } {
  const [answer, setAnswer] = useState<A | null>(null);
  const schema = z.object({
    file: z.custom<FileList | null>().transform((files, context) => {
      const chosen = files?.[0];
      if (chosen) return chosen;
      context.addIssue({ code: 'custom', message: noFile });
      return z.NEVER;
    }),
  });
  const form = useStaffForm<FileValues, ChosenFile>({
    schema,
    defaultValues: { file: null },
    submit: async ({ file }) => {
      setAnswer(null);
      const text = await file.text();
      setAnswer(await send(text));
      form.methods.setValue('file', null);
    },
    onInvalid: () => setAnswer(null),
  });
  return { form, answer };
}

/** The file input of a `useFileImport` form, in the shared field frame with its label, hint and error. */
export function FileField({ id, label, hint, accept }: { id: string; label: string; hint?: string; accept: string }) {
  const { register } = useFormContext<FieldValues>();
  const message = useFieldError('file');
  return (
    <Field id={id} label={label} hint={hint} error={message}>
      {(control) => <input {...control} {...register('file')} className="field__input" type="file" accept={accept} />}
    </Field>
  );
}
