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
import * as mastersApi from '../../../../core/api/masters';

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
  choices: (typeId: number, parentId?: number | null) =>
    [...MASTERS_KEY, 'values', 'choices', typeId, parentId ?? null] as const,
};

/** The call behind one page of the value list: getCommonMaster without search text, getSearchForcommonMaster with it. */
export function valueListCall(query: MasterValueQuery): {
  route: typeof mastersApi.listMasterValues | typeof mastersApi.searchMasterValues;
  body: z.input<typeof mastersApi.listMasterValues.body>;
} {
  const typeId = query.typeId === undefined ? {} : { typeId: query.typeId };
  return query.searchText === ''
    ? { route: mastersApi.listMasterValues, body: { ...typeId, pageno: query.pageno } }
    : { route: mastersApi.searchMasterValues, body: { searchText: query.searchText, ...typeId, pageno: query.pageno } };
}

// ---- Types -------------------------------------------------------------------------------------------------

/** commonMasterType's list: the page shown stays while the next one loads. */
export function useMasterTypes(query: MasterTypeQuery) {
  return useQuery({
    queryKey: masterKeys.typeList(query),
    queryFn: () => api(mastersApi.listMasterTypes, { body: query }).then((data) => MasterTypeListSchema.parse(data)),
    placeholderData: keepPreviousData,
  });
}

/** One type for the form; never cached across visits, so the form starts from the saved copy. */
export function useMasterType(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.type(id ?? 0),
    queryFn: () => api(mastersApi.getMasterType, { body: { id } }).then((data) => MasterTypeSchema.parse(data)),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** The types the type `id` (or a new one) may depend on: none that would close a cycle. */
export function useDependencyOptions(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.typeDependencies(id),
    queryFn: () =>
      api(mastersApi.dependencyOptions, { body: id === undefined ? {} : { id } }).then((data) =>
        z.array(MasterTypeOptionSchema).parse(data),
      ),
    gcTime: 0,
  });
}

/** The active types: the value screen's filter and the Type select of its form. */
export function useActiveMasterTypes() {
  return useQuery({
    queryKey: masterKeys.activeTypes(),
    queryFn: () =>
      api(mastersApi.masterTypeOptions, { body: {} }).then((data) => z.array(MasterTypeOptionSchema).parse(data)),
  });
}

/** savecommonmastertype: create without `id`, update with it. */
export function useSaveMasterType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MasterTypeInput) =>
      api(mastersApi.saveMasterType, { body: input }).then((data) => MasterSaveAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

/** changeStatusForCommonMasterType: N deactivates, Y activates again. */
export function useSetMasterTypeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; activeStatus: 'Y' | 'N' }) =>
      api(mastersApi.changeMasterTypeStatus, { body: input }).then((data) => MasterStatusAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

// ---- Values ------------------------------------------------------------------------------------------------

/** commonMaster's list, filtered by type and searched. */
export function useMasterValues(query: MasterValueQuery) {
  return useQuery({
    queryKey: masterKeys.valueList(query),
    queryFn: () => {
      const { route, body } = valueListCall(query);
      return api(route, { body }).then((data) => MasterValueListSchema.parse(data));
    },
    placeholderData: keepPreviousData,
  });
}

export function useMasterValue(id: number | undefined) {
  return useQuery({
    queryKey: masterKeys.value(id ?? 0),
    queryFn: () => api(mastersApi.getMasterValue, { body: { id } }).then((data) => MasterValueSchema.parse(data)),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** getCommonMasterfordependancy: the active values of a type, in sequence order (the Parent value select). */
export function useMasterChoices(typeId: number | undefined) {
  return useQuery({
    queryKey: masterKeys.choices(typeId ?? 0),
    queryFn: () =>
      api(mastersApi.masterChoices, { body: { typeId } }).then((data) => z.array(MasterChoiceSchema).parse(data)),
    enabled: typeId !== undefined,
  });
}

/** savecommonmaster: create without `id`, update with it. */
export function useSaveMasterValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MasterValueInput) =>
      api(mastersApi.saveMasterValue, { body: input }).then((data) => MasterSaveAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}

/** changeStatusForCommonMaster: N deactivates (the value stays where it was chosen), Y activates again. */
export function useSetMasterValueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; activeStatus: 'Y' | 'N' }) =>
      api(mastersApi.changeMasterValueStatus, { body: input }).then((data) => MasterStatusAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MASTERS_KEY }),
  });
}
