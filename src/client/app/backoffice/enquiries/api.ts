import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  EnquiryActionAnswerSchema,
  EnquiryListSchema,
  type EnquiryIdSchema,
  type EnquiryStatusChangeSchema,
} from '../../../../core/schemas/enquiries';
import { api } from '../../lib/api';
import { IN_FLIGHT_REFRESH_MS, listRequest, mailInFlight, type EnquiryQuery } from './enquiry-list';

/**
 * The enquiries feature's calls (DESIGN §15), each answer read through its core schema. A refusal (4xx with
 * `{message}`) throws an ApiError carrying the server's sentence.
 */

export const ENQUIRIES_KEY = ['enquiries'] as const;

export const enquiryKeys = {
  all: ENQUIRIES_KEY,
  list: (query: EnquiryQuery) => [...ENQUIRIES_KEY, 'list', query] as const,
};

export function fetchEnquiries(query: EnquiryQuery) {
  return api<unknown>('/api/master/getenquiries', listRequest(query)).then((data) => EnquiryListSchema.parse(data));
}

/**
 * The enquiries screen's list: the page shown stays while the next one loads, and it looks again every few
 * seconds while a mail of the page is on its way, so Sent shows up without a reload.
 */
export function useEnquiries(query: EnquiryQuery) {
  return useQuery({
    queryKey: enquiryKeys.list(query),
    queryFn: () => fetchEnquiries(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (mailInFlight(current.state.data) ? IN_FLIGHT_REFRESH_MS : false),
  });
}

/** One action on an enquiry: its answer's sentence comes back for the toast; every list is refreshed. */
function useEnquiryAction<Input>(call: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api<unknown>(`/api/master/${call}`, input).then((data) => EnquiryActionAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY }),
  });
}

/** changeEnquiryStatus: New, Handled or Spam. */
export const useChangeEnquiryStatus = () => useEnquiryAction<z.input<typeof EnquiryStatusChangeSchema>>('changeEnquiryStatus');

/** resendEnquiry: queues the mail again (a failed one, or one never sent for an enquiry that is no spam). */
export const useResendEnquiry = () => useEnquiryAction<z.input<typeof EnquiryIdSchema>>('resendEnquiry');

/** deleteEnquiry: the enquiry and its mail job go. */
export const useDeleteEnquiry = () => useEnquiryAction<z.input<typeof EnquiryIdSchema>>('deleteEnquiry');
