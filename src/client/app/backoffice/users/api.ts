import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  UserGroupOptionSchema,
  UserListSchema,
  UserRecordSchema,
  UserSaveAnswerSchema,
  UserStatusAnswerSchema,
  type SEARCH_TYPES,
  type UserInput,
  type UserStatusInput,
} from '../../../../core/schemas/user';
import type { PageCursors } from '../../components/use-page-cursors';
import { api } from '../../lib/api';
import * as authApi from '../../../../core/api/auth';
import * as usersApi from '../../../../core/api/users';

/** The users feature's calls (spec 001 §7 employee calls), each answer read through its core schema. */

export const USERS_KEY = ['users'] as const;
const GROUP_OPTIONS_KEY = ['user-groups'] as const;

export type SearchType = (typeof SEARCH_TYPES)[number];

/** A page of the user list: no search text lists everyone (getempmasterfroEmp), else it searches. */
export interface UserQuery {
  searchText: string;
  type: SearchType;
  pageno: number;
}

/**
 * What the user list asks before it changes a user's status (docs/design.md §24): the spec's screen asked its delete
 * question for the N action, which made people fear the user would be gone; nothing is deleted.
 */
export const USER_STATUS_CONSEQUENCES = {
  deactivate: (name: string) =>
    `${name} can no longer sign in, and a session they have open ends now. Nothing is deleted.`,
  activate: (name: string) => `${name} can sign in again.`,
} as const;

/** A page of the list; `after` (the `next` of the page before) finds it through the index (paging.ts). */
export function fetchUsers(query: UserQuery, after?: string) {
  const cursor = after === undefined ? {} : { after };
  const call =
    query.searchText === ''
      ? api(usersApi.listUsers, { body: { pageno: query.pageno, ...cursor } })
      : api(usersApi.searchUsers, { body: { ...query, ...cursor } });
  return call.then((data) => UserListSchema.parse(data));
}

/**
 * userHomepage's list: the page shown stays while the next one loads; pages are read after the cursor of the
 * page before when the screen has it (`cursors`, use-page-cursors.ts).
 */
export function useUsers(query: UserQuery, cursors: PageCursors) {
  const { pageno, ...filters } = query;
  return useQuery({
    // The key has no cursor: a page read with or without one is the same page.
    queryKey: [...USERS_KEY, 'list', query],
    queryFn: () => cursors.read(filters, pageno, (after) => fetchUsers(query, after)),
    placeholderData: keepPreviousData,
  });
}

/** One user for the form (user/{id}); never cached across visits, so the form starts from the saved copy. */
export function useUserRecord(userId: number | undefined) {
  return useQuery({
    queryKey: [...USERS_KEY, 'record', userId],
    queryFn: () => api(usersApi.getUser, { body: { id: userId } }).then((data) => UserRecordSchema.parse(data)),
    enabled: userId !== undefined,
    gcTime: 0,
  });
}

/** The groups the user form offers. */
export function useUserGroupOptions() {
  return useQuery({
    queryKey: GROUP_OPTIONS_KEY,
    queryFn: () => api(usersApi.userGroups, { body: {} }).then((data) => z.array(UserGroupOptionSchema).parse(data)),
  });
}

/** saveemployeemaster: the answer's status says whether it saved (Success, Success1) or not (error). */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserInput) =>
      api(usersApi.saveUser, { body: user }).then((data) => UserSaveAnswerSchema.parse(data)),
    onSuccess: (answer) => {
      if (answer.status !== 'error') return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

const ResetTwoFactorAnswerSchema = z.object({ status: z.literal('OK'), message: z.string() });

/** resetTwoFactor (docs/design.md §21): an administrator turns a user's two-step sign-in off (a lost phone, no recovery code). */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(authApi.resetTwoFactor, { body: { id } }).then((data) => ResetTwoFactorAnswerSchema.parse(data)),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: [...USERS_KEY, 'record', id] }),
  });
}

/** Employeechangedeletstatus: N deactivates (and ends the user's sessions), Y activates again. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserStatusInput) =>
      api(usersApi.changeUserStatus, { body: input }).then((data) => UserStatusAnswerSchema.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
