import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupSaveAnswerSchema, UserGroupRowSchema, type SaveUserGroupInput } from '../../../../core/schemas/group';
import { api } from '../../lib/api';
import * as groupsApi from '../../../../core/api/groups';

/** The user-groups feature's calls (spec 001 §7 getAllgroup, SaveUserGroup, deletegroup), read through core schemas. */

export const GROUPS_KEY = ['groups'] as const;

/** The group list shows 10 a page (spec 001 §2, §9). */
export const GROUP_PAGE_SIZE = 10;

/** Every group of the tenant, in list order (srno): the server sends them all, the screen shows a page. */
export function useGroups() {
  return useQuery({
    queryKey: GROUPS_KEY,
    queryFn: () => api(groupsApi.listGroups, { body: {} }).then((data) => z.array(UserGroupRowSchema).parse(data)),
  });
}

/** SaveUserGroup: a refusal (status NO: a taken name) comes back as an ApiError with the server's message. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: SaveUserGroupInput) =>
      api(groupsApi.saveGroup, { body: group }).then((data) => GroupSaveAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}

/** deletegroup: refused for a built-in group or one that still has users. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(groupsApi.deleteGroup, { body: { id } }).then((data) => GroupSaveAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}
