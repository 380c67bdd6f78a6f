import { z } from 'zod';
import { NewPasswordSchema, UsernameSchema } from './company';

/** The user form (spec 001 §2, §3 user/employee, §5) and the answers of the employee calls (§7, §8). */
export const USER_MESSAGES = {
  password: 'Please Enter Password!',
  saved: 'Record Saved Successfully!',
  name: 'Names are at most 20 characters.',
  firstName: 'Enter a first name of at most 20 characters.',
  address: 'The address is at most 500 characters.',
  mobile: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  email: 'Enter a valid email address.',
  group: 'Choose a user group.',
  code: 'The code is at most 20 characters.',
  duplicateUsername: 'This user name is already taken. Choose another one.',
  lastAdmin: 'This is the last active administrator: make another user an active administrator first.',
  unknownGroup: 'The chosen user group does not exist.',
  notFound: 'This user no longer exists.',
  statusFailed: 'Oops, Please Check Again!',
  invalidPick: 'Oops! Please Select Valid User',
} as const;

export const SALUTATIONS = ['Mr.', 'Ms.', 'Miss'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const SEARCH_TYPES = ['All', 'Code', 'Name'] as const;
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const USER_PAGE_SIZE = 10;

const name20 = z.string({ message: USER_MESSAGES.name }).trim().max(20, { message: USER_MESSAGES.name });
const mobile = z
  .string({ message: USER_MESSAGES.mobile })
  .trim()
  .refine((v) => v === '' || MOBILE_PATTERN.test(v), { message: USER_MESSAGES.mobile })
  .default('');
const flag = z.union([z.boolean(), z.enum(['Y', 'N'])]).transform((v) => v === true || v === 'Y');

/** saveemployeemaster: create without userID, update with it; user name `selfaccessforuser` (DESIGN §4). */
export const UserSchema = z.object({
  userID: z.coerce.number().int().positive().optional(),
  employeecode: z.string({ message: USER_MESSAGES.code }).trim().max(20, { message: USER_MESSAGES.code }).default(''),
  salutation: z.union([z.enum(SALUTATIONS), z.literal('')]).default(''),
  gender: z.union([z.enum(GENDERS), z.literal('')]).default(''),
  firstname: z.string({ message: USER_MESSAGES.firstName }).trim().min(1, { message: USER_MESSAGES.firstName }).max(20, { message: USER_MESSAGES.firstName }),
  middlename: name20.default(''),
  lastname: name20.default(''),
  address: z.string({ message: USER_MESSAGES.address }).trim().max(500, { message: USER_MESSAGES.address }).default(''),
  mobile,
  mobile1: mobile,
  email: z
    .string({ message: USER_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(100, { message: USER_MESSAGES.email })
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: USER_MESSAGES.email })
    .default(''),
  selfaccessforuser: UsernameSchema,
  /** Required on create ('Please Enter Password!'); on update, empty keeps the current password. */
  password: z.union([z.literal(''), NewPasswordSchema]).optional(),
  usergroupid: z.coerce.number({ message: USER_MESSAGES.group }).int().positive({ message: USER_MESSAGES.group }),
  selfactive: flag.default(true),
});
export type UserInput = z.input<typeof UserSchema>;
export type UserData = z.output<typeof UserSchema>;

export const UserPageSchema = z.object({ pageno: z.coerce.number().int().min(1).max(100000).default(1) });
export const UserSearchSchema = z.object({
  searchText: z.string().trim().max(100).default(''),
  type: z.enum(SEARCH_TYPES).default('All'),
  pageno: z.coerce.number().int().min(1).max(100000).default(1),
});
export const UserIdSchema = z.object({ id: z.coerce.number().int().positive() });
export const UserStatusSchema = z.object({ id: z.coerce.number().int().positive(), activeStatus: z.enum(['Y', 'N']) });

/** A row of the user list. */
export interface UserListRow {
  srno: number;
  id: number;
  employeecode: string;
  name: string;
  username: string;
  usergroupid: number;
  groupname: string;
  activeStatus: 'Y' | 'N';
}

export interface UserList {
  list: UserListRow[];
  totalItems: number;
}

/** A user as the form edits it: never the password or its hash. */
export interface UserRecord {
  userID: number;
  employeecode: string;
  salutation: string;
  gender: string;
  firstname: string;
  middlename: string;
  lastname: string;
  address: string;
  mobile: string;
  mobile1: string;
  email: string;
  selfaccessforuser: string;
  usergroupid: number;
  selfactive: boolean;
  activeStatus: 'Y' | 'N';
}

export interface UserSaveAnswer {
  status: 'Success' | 'Success1' | 'error';
  message: string;
  rescoremessage: string;
  userID?: number;
}
