import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { headerParameters } from '../../../core/page-defs/autowired-document';
import type { Parameter } from '../../../core/page-defs/parameter';
import { api, errorMessage } from '../lib/api';
import type { ChoiceSource } from './entry-fields';

/**
 * The choice of a page's `Form` parameters (docs/design.md §30): the forms made on the forms screen, by name, read once
 * for the page's editor (`GET /api/master/forms/choices/:routing`). A form deleted since it was placed stays shown as
 * such until another is chosen; the server refuses a save naming a form that is not there.
 */
export function useFormChoices(routing: string, parameters: readonly Parameter[]): Map<string, ChoiceSource> {
  const placing = useMemo(() => headerParameters(parameters).filter((p) => p.type === 'Form'), [parameters]);
  const answer = useQuery({
    queryKey: ['form-choices', routing],
    // Loaded with the call: a page without a form carries none of it on its editor's first screen.
    queryFn: async () => {
      const { formChoices } = await import('../../../core/api/form-choices');
      return api(formChoices, { params: { routing } });
    },
    enabled: placing.length > 0,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
  const { data, isPending, isError, error } = answer;
  return useMemo(() => {
    const forms = data?.items ?? [];
    const options = forms.map((form) => ({ value: String(form.id), label: form.name }));
    const state = { options, loading: isPending, error: isError ? errorMessage(error) : null };
    const byId = new Map(options.map((option) => [option.value, option.label]));
    return new Map(
      placing.map((p) => [
        p.parameterName,
        {
          style: 'select',
          useOptions: () => state,
          labelOf: (text: string) => {
            if (text === '') return '';
            return byId.get(text) ?? (isPending ? '…' : `A deleted form (${text})`);
          },
        } satisfies ChoiceSource,
      ]),
    );
  }, [placing, data, isPending, isError, error]);
}
