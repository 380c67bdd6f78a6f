import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DashboardSchema } from '../../../../core/schemas/dashboard';
import { EnquiryActionAnswerSchema, type EnquiryIdSchema } from '../../../../core/schemas/enquiries';
import { api } from '../../lib/api';
import { getDashboard, retrySchedule } from '../../../../core/api/dashboard';
import { resendEnquiry } from '../../../../core/api/enquiries';
import { publishRelease } from '../../../../core/api/releases';
import { ReleaseAnswerSchema } from '../../../../core/schemas/release';

/**
 * The staff home's calls (docs/design.md §23), each answer read through its core schema. getdashboard answers a key per
 * card the caller's menu allows; a card whose key is missing is not shown.
 */

export const DASHBOARD_KEY = ['dashboard'] as const;

export function fetchDashboard() {
  return api(getDashboard, { body: {} }).then((data) => DashboardSchema.parse(data));
}

/** How often an open staff home asks again: a scheduled publication that failed shows within a minute (§32). */
export const DASHBOARD_REFRESH_MS = 30_000;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: fetchDashboard, refetchInterval: DASHBOARD_REFRESH_MS });
}

/**
 * Retry of a scheduled publication that failed (docs/design.md §32): published now, or refused with why it still cannot
 * be; the home is asked again either way.
 */
export function useRetrySchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ routing, ...body }: { routing: string; locale?: string; revision: number }) =>
      api(retrySchedule, { params: { routing }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  });
}

/**
 * Retry of a release that could not go live at its time (docs/design.md §32): published now (all its pages or none), or
 * refused with the server's sentence; the home (and the Releases screen, the calendar) are asked again either way.
 */
export function useRetryRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(publishRelease, { params: { id }, body: {} }).then((data) => ReleaseAnswerSchema.parse(data)),
    onSettled: () =>
      Promise.all(
        [DASHBOARD_KEY, ['releases'], ['calendar']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/**
 * resendEnquiry from the Mail card: queues an enquiry's mail again; its answer's sentence comes back for the
 * toast, and the home is asked again (the mail leaves the failing list once it is queued).
 */
export function useResendEnquiryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof EnquiryIdSchema>) =>
      api(resendEnquiry, { body: input }).then((data) => EnquiryActionAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  });
}
