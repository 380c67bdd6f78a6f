import { useMemo } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { MasterChoice } from '../../../core/masters/master-data';
import type { AutowiredDocument } from '../../../core/page-defs/autowired-document';
import { detailParameters, headerParameters } from '../../../core/page-defs/autowired-document';
import type { Parameter } from '../../../core/page-defs/parameter';
import { api, errorMessage } from '../lib/api';
import { heldMasterIds, isMasterParameter, parentParameterOf } from './autowired-fields';
import type { ChoiceOptions, ChoiceSource } from './entry-fields';
import { masterChoices } from '../../../core/api/masters';

/**
 * The choices of an Autowired page's master-data parameters (docs/design.md §14, decision 008): each type's active
 * values from getCommonMasterfordependancy, with the values the saved document holds included (a value
 * deactivated since it was chosen stays shown by its name, marked inactive, and is not offered again). A
 * parameter whose values have parents follows the parameter of the same part that holds those parents: its
 * options are the children of the value chosen there (asked for with parentId).
 */

const STALE = 30_000;

const choicesKey = (typeId: number, parentId: number | null, include: readonly number[]) =>
  ['master-choices', typeId, parentId, include] as const;

interface TypeList {
  values: readonly MasterChoice[];
  loading: boolean;
  error: string | null;
}

const asOptions = (values: readonly MasterChoice[]) =>
  values.filter((v) => v.active !== false).map((v) => ({ value: String(v.id), label: v.name }));

/** The options of a type for a parent value ('' for none: the type's whole list). A React hook. */
function useMasterOptions(typeId: number, follows: boolean, parent: string, list: TypeList): ChoiceOptions {
  const parentId = follows && /^\d{1,15}$/.test(parent) ? Number(parent) : null;
  const filtered = useQuery({
    queryKey: choicesKey(typeId, parentId, []),
    queryFn: () => api(masterChoices, { body: { typeId, parentId } }),
    enabled: parentId !== null,
    staleTime: STALE,
    refetchOnWindowFocus: false,
  });
  if (parentId === null) return { options: asOptions(list.values), loading: list.loading, error: list.error };
  return {
    options: asOptions(filtered.data ?? []),
    loading: filtered.isPending,
    error: filtered.isError ? errorMessage(filtered.error) : null,
  };
}

/** The choice source of each master-data parameter, by parameter name (header and rows apart: their parts differ). */
export function useMasterChoices(
  parameters: readonly Parameter[],
  saved: AutowiredDocument | null,
): { header: Map<string, ChoiceSource>; rows: Map<string, ChoiceSource> } {
  const typeIds = useMemo(
    () => [...new Set(parameters.filter(isMasterParameter).map((p) => p.commonmastertype))].sort((a, b) => a - b),
    [parameters],
  );
  const held = useMemo(() => heldMasterIds(saved, parameters), [saved, parameters]);
  const answers = useQueries({
    queries: typeIds.map((typeId) => {
      const include = held.get(typeId) ?? [];
      return {
        queryKey: choicesKey(typeId, null, include),
        queryFn: () => api(masterChoices, { body: include.length > 0 ? { typeId, include } : { typeId } }),
        staleTime: STALE,
        refetchOnWindowFocus: false,
        placeholderData: keepPreviousData,
      };
    }),
  });
  const listKey = answers.map((a) => `${a.dataUpdatedAt}:${a.isPending ? 1 : 0}:${a.isError ? 1 : 0}`).join('|');

  return useMemo(() => {
    const lists = new Map<number, TypeList>();
    typeIds.forEach((typeId, index) => {
      const answer = answers[index];
      lists.set(typeId, {
        values: answer?.data ?? [],
        loading: answer?.isPending ?? true,
        error: answer?.isError ? errorMessage(answer.error) : null,
      });
    });
    const values = new Map([...lists].map(([typeId, list]) => [typeId, list.values]));
    const sourcesOf = (part: readonly Parameter[]) => {
      const sources = new Map<string, ChoiceSource>();
      for (const p of part) {
        if (!isMasterParameter(p)) continue;
        const typeId = p.commonmastertype;
        const list = lists.get(typeId) ?? { values: [], loading: true, error: null };
        const byId = new Map(list.values.map((v) => [String(v.id), v]));
        const parentField = parentParameterOf(p, part, values);
        const follows = parentField !== undefined;
        sources.set(p.parameterName, {
          style: p.type === 'Radio' ? 'radio' : 'select',
          ...(parentField ? { parentField } : {}),
          useOptions: (parent) => useMasterOptions(typeId, follows, parent, list),
          labelOf: (text) => {
            if (text === '') return '';
            const value = byId.get(text);
            if (value) return value.active === false ? `${value.name} (inactive)` : value.name;
            return list.loading ? '…' : `Unknown value (${text})`;
          },
          fits: (text, parent) => {
            const value = byId.get(text);
            return value !== undefined && String(value.parentId) === parent;
          },
        });
      }
      return sources;
    };
    return { header: sourcesOf(headerParameters(parameters)), rows: sourcesOf(detailParameters(parameters)) };
    // `answers` is a new array on every render: its content is what `listKey` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typeIds, parameters, listKey]);
}
