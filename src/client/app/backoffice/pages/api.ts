import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ModuleSchema,
  PageListSchema,
  PageRecordSchema,
  PageSaveAnswerSchema,
  PageStatusAnswerSchema,
  PAGE_PAGE_SIZE,
  type PageDefinitionInput,
} from '../../../../core/page-defs/page-definition';
import { ParameterLabelSchema, ParameterSchema, type Parameter } from '../../../../core/page-defs/parameter';
import { PlacePageAnswerSchema, PublicMenuPlaceSchema } from '../../../../core/page-defs/public-menu';
import { api } from '../../lib/api';
import { livePages } from './live-pages';
import * as menuAdminApi from '../../../../core/api/menu-admin';
import * as pageDefsApi from '../../../../core/api/page-defs';

/**
 * The page-definition feature's calls (spec 001 §7 getFormCreatedData, getpageedit, getallmodeules,
 * savePageCreation, activitydelstatus, getactivityforparamconf, getActivityParametersByid, saveParameters),
 * each answer read through its core schema.
 */

export const PAGES_KEY = ['page-defs'] as const;
const MODULES_KEY = ['page-defs', 'modules'] as const;

const pageListPage = (pageno: number) =>
  api(pageDefsApi.listPages, { body: { pageno } }).then((data) => PageListSchema.parse(data));

/** homepages: one page of the page list (10 a page); the page shown stays while the next one loads. */
export function usePageList(pageno: number) {
  return useQuery({
    queryKey: [...PAGES_KEY, 'list', pageno],
    queryFn: () => pageListPage(pageno),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every page visitors can open now, with its address: where a deactivated page may send its visitors. Read from
 * the page list, all its pages (a site has tens of pages, not thousands), afresh each time it is asked.
 */
export function useLivePages() {
  return useQuery({
    queryKey: [...PAGES_KEY, 'live'],
    queryFn: async () => {
      const first = await pageListPage(1);
      const more = Array.from({ length: Math.max(0, Math.ceil(first.totalItems / PAGE_PAGE_SIZE) - 1) }, (_, index) =>
        pageListPage(index + 2),
      );
      return livePages([first, ...(await Promise.all(more))].flatMap((list) => list.items));
    },
    gcTime: 0,
  });
}

/** One page for the page-creation form; never cached across visits, so the form starts from the saved copy. */
export function usePageRecord(id: number | undefined) {
  return useQuery({
    queryKey: [...PAGES_KEY, 'record', id],
    queryFn: () => api(pageDefsApi.getPage, { body: { id } }).then((data) => PageRecordSchema.parse(data)),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** The modules the Module Name dropdown offers. */
export function useModules() {
  return useQuery({
    queryKey: MODULES_KEY,
    queryFn: () => api(pageDefsApi.modules, { body: {} }).then((data) => z.array(ModuleSchema).parse(data)),
  });
}

/** savePageCreation: a refusal (status No) comes back as an ApiError carrying the server's sentence. */
export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: PageDefinitionInput) =>
      api(pageDefsApi.savePage, { body: page }).then((data) => PageSaveAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAGES_KEY }),
  });
}

/** activitydelstatus: N unpublishes the page (its content is kept), Y publishes it again. */
export function useSetPageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; activeStatus: 'Y' | 'N' }) =>
      api(pageDefsApi.changePageStatus, { body: input }).then((data) => PageStatusAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAGES_KEY }),
  });
}

const PageParametersSchema = z.object({ page: PageRecordSchema, parameters: z.array(ParameterSchema) });

/** paramactivity: the page and its saved parameters; read afresh on each visit. */
export function usePageParameters(id: number | undefined) {
  return useQuery({
    queryKey: [...PAGES_KEY, 'parameters', id],
    queryFn: () => api(pageDefsApi.pageParameters, { body: { id } }).then((data) => PageParametersSchema.parse(data)),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** The names the parameter-name dropdown offers, with their on-screen labels. */
export function useParameterLabels(id: number | undefined) {
  return useQuery({
    queryKey: [...PAGES_KEY, 'labels', id],
    queryFn: () =>
      api(pageDefsApi.parameterLabels, { body: { id } }).then((data) => z.array(ParameterLabelSchema).parse(data)),
    enabled: id !== undefined,
  });
}

/** saveParameters: the page's whole configuration at once; a contradiction comes back as a 400 sentence. */
export function useSaveParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; parameters: Parameter[] }) =>
      api(pageDefsApi.saveParameters, { body: input }).then((data) =>
        z.object({ message: z.literal('Success') }).parse(data),
      ),
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: [...PAGES_KEY, 'labels', input.id] }),
  });
}

const publicMenuKey = (pageId: number) => [...PAGES_KEY, 'public-menu', pageId] as const;

/** Where a page is in the public menu and the entries it can go under (docs/design.md §34); 403 without the menu editor. */
export function usePublicMenuPlace(pageId: number) {
  return useQuery({
    queryKey: publicMenuKey(pageId),
    queryFn: () =>
      api(menuAdminApi.publicMenuPlace, { body: { pageId } }).then((data) => PublicMenuPlaceSchema.parse(data)),
    gcTime: 0,
    retry: false,
  });
}

/** Puts the page into the public menu (or moves it there); the place is read again afterwards. */
export function usePlaceInPublicMenu(pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (place: { parentId: number | null; position: number }) =>
      api(menuAdminApi.placeInPublicMenu, { body: { pageId, ...place } }).then((data) =>
        PlacePageAnswerSchema.parse(data),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicMenuKey(pageId) }),
  });
}
