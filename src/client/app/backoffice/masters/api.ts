import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MasterChoiceSchema,
  MasterSaveAnswerSchema,
  MasterStatusAnswerSchema,
  MasterTypeListSchema,
  MasterTypeOptionSchema,
  MasterTypeSchema,
  MasterValueListSchema,
  MasterValueSchema,
  type MasterTypeInput,
  type MasterValueInput,
} from '../../../../core/masters/master-data';
import { api } from '../../lib/api';

/**
 * The master-data feature's calls (spec 001 §7 common master, docs/design.md §14), each answer read through its core
 * schema. A refusal (400 `{status:'error', message}`) throws an ApiError carrying the server's sentence.
 */

const MASTERS_KEY = ['masters'] as const;

/** One page of the master-type list: no search text lists them all. */
export interface MasterTypeQuery {
  searchText: string;
  pageno: number;
}

/** One page of the master-value list, of one type or of all (typeId undefined). */
export interface MasterValueQuery {
  typeId: number | undefined;
  searchText: string;
  pageno: number;
}

/**
 * The query keys, under one root: a save or a status change refreshes every list and dropdown of the feature
 * (a deactivated type leaves the value screen's type filter, a new value joins the parent dropdowns).
 */
export const masterKeys = {
  all: MASTERS_KEY,
  typeList: (query: MasterTypeQuery) => [...MASTERS_KEY, 'types', 'list', query] as const,
  type: (id: number) => [...MASTERS_KEY, 'types', 'record', id] as const,
  typeDependencies: (id: number | undefined) => [...MASTERS_KEY, 'types', 'dependencies', id ?? 'new'] as const,
  activeTypes: () => [...MASTERS_KEY, 'types', 'active'] as const,
  valueList: (query: MasterValueQuery) => [...MASTERS_KEY, 'values', 'list', query] as const,
  value: (id: number) => [...MASTERS_KEY, 'values', 'record', id] as const,
  choices: (typeId: number, parentId?: number | null) => [...MASTERS_KEY, 'values', 'choices', typeId, parentId ?? null] as const,
};

/** The call behind one page of the value list: getCommonMaster without search text, getSearchForcommonMaster with it. */
export function valueListCall(query: MasterValueQuery): { path: string; body: Record<string, unknown> } {
  const typeId = query.typeId === undefined ? {} : { typeId: query.typeId };
  return query.searchText === ''
    ? { path: '/api/master/getCommonMaster', body: { ...typeId, pageno: query.pageno } }
    : { path: '/api/master/getSearchForcommonMaster', body: { searchText: query.searchText, ...typeId, pageno: query.pageno } };
}

const post = <T>(call: string, body: unknown, schema: z.ZodType<T>) => api<unknown>(`/api/master/${call}`, body).then((data) => schema.parse(data));

// ---- Types -------------------------------------------------------------------------------------------------

/** commonMasterType's list: the page shown stays while the next one loads. */
export function useMasterTypes(query: MasterTypeQuery) {
  return useQuery({
    queryKey: masterKeys.typeList(query),
    queryFn: () => post('getCommasterType', query, MasterTypeListSchema),
    placeholderData: keepPreviousData,
  });
}

/** One type for the form; never cached across visits, so the form starts from the saved copy. */
export function useMasterType(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.type(id ?? 0),
    queryFn: () => post('getcommasterTypeByID', { id }, MasterTypeSchema),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** The types the type `id` (or a new one) may depend on: none that would close a cycle. */
export function useDependencyOptions(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.typeDependencies(id),
    queryFn: () => post('getCommasterTypefordependacy', id === undefined ? {} : { id }, z.array(MasterTypeOptionSchema)),
    gcTime: 0,
  });
}

/** The active types: the value screen's filter and the Type select of its form. */
export function useActiveMasterTypes() {
  return useQuery({
    queryKey: masterKeys.activeTypes(),
    queryFn: () => post('getCommasterTypefordropdown', {}, z.array(MasterTypeOptionSchema)),
  });
}

/** savecommonmastertype: create without `id`, update with it. */
export function useSaveMasterType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MasterTypeInput) => post('savecommonmastertype', input, MasterSaveAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

/** changeStatusForCommonMasterType: N deactivates, Y activates again. */
export function useSetMasterTypeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; activeStatus: 'Y' | 'N' }) => post('changeStatusForCommonMasterType', input, MasterStatusAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

// ---- Values ------------------------------------------------------------------------------------------------

/** commonMaster's list, filtered by type and searched. */
export function useMasterValues(query: MasterValueQuery) {
  return useQuery({
    queryKey: masterKeys.valueList(query),
    queryFn: () => {
      const { path, body } = valueListCall(query);
      return api<unknown>(path, body).then((data) => MasterValueListSchema.parse(data));
    },
    placeholderData: keepPreviousData,
  });
}

export function useMasterValue(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.value(id ?? 0),
    queryFn: () => post('getcommasterByID', { id }, MasterValueSchema),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** getCommonMasterfordependancy: the active values of a type, in sequence order (the Parent value select). */
export function useMasterChoices(typeId: number | undefined) {
  return useQuery({
    queryKey: masterKeys.choices(typeId ?? 0),
    queryFn: () => post('getCommonMasterfordependancy', { typeId }, z.array(MasterChoiceSchema)),
    enabled: typeId !== undefined,
  });
}

/** savecommonmaster: create without `id`, update with it. */
export function useSaveMasterValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MasterValueInput) => post('savecommonmaster', input, MasterSaveAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

/** changeStatusForCommonMaster: N deactivates (the value stays where it was chosen), Y activates again. */
export function useSetMasterValueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; activeStatus: 'Y' | 'N' }) => post('changeStatusForCommonMaster', input, MasterStatusAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}
