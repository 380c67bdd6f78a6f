import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as formsApi from '../../../../core/api/forms';
import { FormListSchema, FormSavedSchema, FormSchema, type FormInput } from '../../../../core/schemas/forms';
import { api } from '../../lib/api';

/**
 * The forms screen's calls (docs/design.md §30): the forms with their submissions and the pages that show each, one
 * form, its save (with the revision it was opened at) and its delete. Each answer is read through its core schema.
 */
const FORMS_KEY = ['forms'] as const;

export function useForms() {
  return useQuery({
    queryKey: [...FORMS_KEY, 'list'],
    queryFn: async () => FormListSchema.parse(await api(formsApi.listForms)).items,
  });
}

/** One form as the editor opens it; none for a new one. */
export function useForm(id: number | null) {
  return useQuery({
    queryKey: [...FORMS_KEY, 'one', id],
    queryFn: async () => FormSchema.parse(await api(formsApi.getForm, { params: { id: id! } })),
    enabled: id !== null,
  });
}

function useFormsChange<I, A>(change: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

/** Saves a form; a refusal names its place (`fields.2.label`), a stale revision is a 409 with a sentence. */
export function useSaveForm() {
  return useFormsChange(async (form: FormInput) => FormSavedSchema.parse(await api(formsApi.saveForm, { body: form })));
}

/** Deletes a form; refused (409, with the pages) while a page shows it. */
export function useDeleteForm() {
  return useFormsChange(async (id: number) => {
    await api(formsApi.deleteForm, { params: { id }, body: {} });
  });
}
