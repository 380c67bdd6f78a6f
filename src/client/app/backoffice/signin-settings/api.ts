import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SignInSettingsSchema, type SignInSettingsData } from '../../../../core/schemas/single-sign-on';
import { api } from '../../lib/api';
import * as ssoApi from '../../../../core/api/single-sign-on';

/**
 * The sign-in settings' calls (docs/design.md §33): the settings as stored (the client secret only as whether one is
 * set) and saving them. Each answer is read through its core schema (core/schemas/single-sign-on.ts).
 */

const SETTINGS_KEY = ['signin-settings'] as const;

export function useSignInSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => SignInSettingsSchema.parse(await api(ssoApi.readSignInSettings)),
  });
}

/** Saves the settings; a refusal (an issuer that cannot be reached, say) is an ApiError naming its field. */
export function useSaveSignInSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInSettingsData) =>
      SignInSettingsSchema.parse(await api(ssoApi.saveSignInSettings, { body: input })),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
