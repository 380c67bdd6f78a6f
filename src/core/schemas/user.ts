import { z } from 'zod';
import { databaseId } from './ids';
import { keysetAnswerFields, keysetRequestFields, searchTextSchema } from './paging';
import { NewPasswordSchema, UsernameSchema } from './company';
import { phoneField, readPhoneLater, type PhoneReader } from '../phone';

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
/** A user's mobile (docs/design.md §34): in India without + the spec's rule, else a number of the company's country or with +. */
const mobileIn = (country: string, read: PhoneReader) =>
  phoneField({ country, indian: MOBILE_PATTERN, indianMessage: USER_MESSAGES.mobile, read, optional: true }).default(
    '',
  );
const flag = z.union([z.boolean(), z.enum(['Y', 'N'])]).transform((v) => v === true || v === 'Y');

/**
 * saveemployeemaster: create without userID, update with it; user name `selfaccessforuser` (docs/design.md §4). The
 * mobiles are read in the company's `country` with `read` (docs/design.md §34).
 */
export const userSchema = ({ country, read }: { country: string; read: PhoneReader }) => {
  const mobile = mobileIn(country, read);
  return z.object({
    userID: databaseId().optional(),
    employeecode: z.string({ message: USER_MESSAGES.code }).trim().max(20, { message: USER_MESSAGES.code }).default(''),
    salutation: z.union([z.enum(SALUTATIONS), z.literal('')]).default(''),
    gender: z.union([z.enum(GENDERS), z.literal('')]).default(''),
    firstname: z
      .string({ message: USER_MESSAGES.firstName })
      .trim()
      .min(1, { message: USER_MESSAGES.firstName })
      .max(20, { message: USER_MESSAGES.firstName }),
    middlename: name20.default(''),
    lastname: name20.default(''),
    address: z
      .string({ message: USER_MESSAGES.address })
      .trim()
      .max(500, { message: USER_MESSAGES.address })
      .default(''),
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
    usergroupid: databaseId({ message: USER_MESSAGES.group }),
    selfactive: flag.default(true),
  });
};
/** The body saveemployeemaster takes before the company's country is known (the mobiles as typed). */
export const UserSchema = userSchema({ country: '', read: readPhoneLater });
export type UserInput = z.input<typeof UserSchema>;
export type UserData = z.output<typeof UserSchema>;

/** Bodies that read a page of a list: no body, or no pageno, is page 1. */
export const UserPageSchema = z
  .object({ pageno: z.coerce.number().int().min(1).max(100000).default(1), ...keysetRequestFields })
  .default({ pageno: 1 });
export const UserSearchSchema = z
  .object({
    searchText: searchTextSchema.default(''),
    type: z.enum(SEARCH_TYPES).default('All'),
    pageno: z.coerce.number().int().min(1).max(100000).default(1),
    ...keysetRequestFields,
  })
  .default({ searchText: '', type: 'All', pageno: 1 });
export type UserSearchInput = z.output<typeof UserSearchSchema>;
export const UserIdSchema = z.object({ id: databaseId() });
export const UserStatusSchema = z.object({ id: databaseId(), activeStatus: z.enum(['Y', 'N']) });
export type UserStatusInput = z.output<typeof UserStatusSchema>;

const YesNo = z.enum(['Y', 'N']);

/** A row of the user list. */
export const UserListRowSchema = z.object({
  srno: z.number().int(),
  id: z.number().int(),
  employeecode: z.string(),
  name: z.string(),
  username: z.string(),
  usergroupid: z.number().int(),
  groupname: z.string(),
  activeStatus: YesNo,
});
export type UserListRow = z.infer<typeof UserListRowSchema>;

export const UserListSchema = z.object({
  list: z.array(UserListRowSchema),
  totalItems: z.number().int(),
  ...keysetAnswerFields,
});
export type UserList = z.infer<typeof UserListSchema>;

/** A user as the form edits it: never the password or its hash. */
export const UserRecordSchema = z.object({
  userID: z.number().int(),
  employeecode: z.string(),
  salutation: z.string(),
  gender: z.string(),
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  address: z.string(),
  mobile: z.string(),
  mobile1: z.string(),
  email: z.string(),
  selfaccessforuser: z.string(),
  usergroupid: z.number().int(),
  selfactive: z.boolean(),
  activeStatus: YesNo,
  /** Two-step sign-in is on (docs/design.md §21); an administrator may turn it off (resetTwoFactor). */
  twoFactor: z.boolean(),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

export const UserSaveAnswerSchema = z.object({
  status: z.enum(['Success', 'Success1', 'error']),
  message: z.string(),
  rescoremessage: z.string(),
  userID: z.number().int().optional(),
});
export type UserSaveAnswer = z.infer<typeof UserSaveAnswerSchema>;

export const UserStatusAnswerSchema = z.object({ status: z.enum(['Success', 'Success1']), message: z.string() });
export type UserStatusAnswer = z.infer<typeof UserStatusAnswerSchema>;

/** The groups the user form offers, and the users the menu picker offers. */
export const UserGroupOptionSchema = z.object({ id: z.number().int(), groupname: z.string() });
export const ActiveUserOptionSchema = z.object({ id: z.number().int(), name: z.string() });
