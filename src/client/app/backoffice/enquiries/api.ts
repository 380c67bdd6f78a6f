import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  EnquiryActionAnswerSchema,
  EnquiryListSchema,
  EnquiryRowSchema,
  type EnquiryIdSchema,
  type EnquiryStatusChangeSchema,
} from '../../../../core/schemas/enquiries';
import type { PageCursors } from '../../components/use-page-cursors';
import { api } from '../../lib/api';
import { IN_FLIGHT_REFRESH_MS, listRequest, mailInFlight, type EnquiryQuery } from './enquiry-list';
import * as enquiriesApi from '../../../../core/api/enquiries';

/**
 * The enquiries feature's calls (docs/design.md §15), each answer read through its core schema. A refusal (4xx with
 * `{message}`) throws an ApiError carrying the server's sentence.
 */

export const ENQUIRIES_KEY = ['enquiries'] as const;

export const enquiryKeys = {
  all: ENQUIRIES_KEY,
  list: (query: EnquiryQuery) => [...ENQUIRIES_KEY, 'list', query] as const,
  /**
   * One enquiry, read to open a link to it: outside ENQUIRIES_KEY, as the actions' refresh must not read
   * again (and find gone) the enquiry just deleted from its dialog; the dialog keeps its own copy.
   */
  one: (id: number | undefined) => ['enquiry', id] as const,
};

/** A page of the list; `after` (the `next` of the page before) finds it through the index (paging.ts). */
export function fetchEnquiries(query: EnquiryQuery, after?: string) {
  const body = after === undefined ? listRequest(query) : { ...listRequest(query), after };
  return api(enquiriesApi.getEnquiries, { body }).then((data) => EnquiryListSchema.parse(data));
}

/**
 * The enquiries screen's list: the page shown stays while the next one loads, and it looks again every few
 * seconds while a mail of the page is on its way, so Sent shows up without a reload. Pages are read after
 * the cursor of the page before when the screen has it (`cursors`, use-page-cursors.ts).
 */
export function useEnquiries(query: EnquiryQuery, cursors: PageCursors) {
  const { pageno, ...filters } = query;
  return useQuery({
    // The key has no cursor: a page read with or without one is the same page.
    queryKey: enquiryKeys.list(query),
    queryFn: () => cursors.read(filters, pageno, (after) => fetchEnquiries(query, after)),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (mailInFlight(current.state.data) ? IN_FLIGHT_REFRESH_MS : false),
  });
}

export function fetchEnquiry(id: number) {
  return api(enquiriesApi.getEnquiry, { body: { id } }).then((data) => EnquiryRowSchema.parse(data));
}

/**
 * One enquiry by its id (a link to it, `/enquiries?open=42`); none asked for while `id` is undefined. One that
 * is gone answers 404 with the server's sentence, which the ApiError carries.
 */
export function useEnquiry(id: number | undefined) {
  return useQuery({
    queryKey: enquiryKeys.one(id),
    queryFn: () => fetchEnquiry(id ?? 0),
    enabled: id !== undefined,
    // Read for the moment the link opens it: a later visit reads it afresh.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** One action on an enquiry: its answer's sentence comes back for the toast; every list is refreshed. */
function useEnquiryAction<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(input).then((data) => EnquiryActionAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY }),
  });
}

/** changeEnquiryStatus: New, Handled or Spam. */
export const useChangeEnquiryStatus = () =>
  useEnquiryAction((body: z.input<typeof EnquiryStatusChangeSchema>) =>
    api(enquiriesApi.changeEnquiryStatus, { body }),
  );

/** resendEnquiry: queues the mail again (a failed one, or one never sent for an enquiry that is no spam). */
export const useResendEnquiry = () =>
  useEnquiryAction((body: z.input<typeof EnquiryIdSchema>) => api(enquiriesApi.resendEnquiry, { body }));

/** deleteEnquiry: the enquiry and its mail job go. */
export const useDeleteEnquiry = () =>
  useEnquiryAction((body: z.input<typeof EnquiryIdSchema>) => api(enquiriesApi.deleteEnquiry, { body }));
