import { LOGIN_MESSAGES } from '../../../core/schemas/auth';
import { MENU_MESSAGES } from '../../../core/schemas/menu-item';
import { USER_MESSAGES } from '../../../core/schemas/user';
import { MASTER_MESSAGES } from '../../../core/masters/master-data';
import { PAGE_MESSAGES } from '../../../core/page-defs/page-definition';
import { PARAMETER_MESSAGES } from '../../../core/page-defs/parameter';

/**
 * What staff read is plain, correct English (docs/design.md §34). The API keeps the specs' messages word for word
 * in its `message` fields, where a client of the spec reads them ("Data Save successfully !!", "User Group Updated
 * Sucessfully"); the screens say the same thing properly. Every refusal the API client shows passes through
 * `inPlainWords`, and a screen's own success toast names what it did ("User saved.").
 */
const SPEC_MESSAGES_ON_SCREEN: ReadonlyMap<string, string> = new Map([
  [LOGIN_MESSAGES.mandatory, 'Enter your user name and password.'],
  [LOGIN_MESSAGES.invalid, 'The user name or password is not right.'],
  [LOGIN_MESSAGES.success, 'Signed in.'],
  [MENU_MESSAGES.sequence, 'Choose a position no lower than those of the entries already at this level.'],
  [MENU_MESSAGES.deleted, 'Menu entry deleted.'],
  [MENU_MESSAGES.saveFailed, 'The menu could not be changed. Please try again.'],
  [MENU_MESSAGES.groupUpdated, "The group's menu now applies to each of its users."],
  [MENU_MESSAGES.onlyGroups, "Only a group's menu can be applied to its users: choose a group."],
  [MENU_MESSAGES.invalidUser, 'Choose a user from the list.'],
  [MENU_MESSAGES.saved, 'Menu entry saved.'],
  [USER_MESSAGES.password, 'Enter a password.'],
  [USER_MESSAGES.statusFailed, 'The status was not changed.'],
  [PAGE_MESSAGES.saved, 'Page saved.'],
  [PAGE_MESSAGES.failed, 'The page could not be saved. Please try again.'],
  [PARAMETER_MESSAGES.failed, 'The fields were not saved.'],
  ['Record Saved Successfully!', 'Saved.'],
  ['File uploaded successfully', 'Image uploaded.'],
  ['Something went wrong', 'Something went wrong. Please try again.'],
]);

/** A message of the API as a screen says it: the spec's wording made plain, any other message as it is. */
export function inPlainWords(message: string): string {
  return SPEC_MESSAGES_ON_SCREEN.get(message) ?? message;
}

/** What the back-office screens say once a save or delete went through (their own words, not the API's). */
export const SAVED_ON_SCREEN = {
  user: 'User saved.',
  masterType: 'Master data type saved.',
  masterValue: 'Master data value saved.',
  menuEntry: 'Menu entry saved.',
  menuEntryDeleted: 'Menu entry deleted.',
  groupMenuApplied: "The group's menu now applies to each of its users.",
  page: 'Page saved.',
  parameters: 'Fields saved.',
  company: 'Company details saved.',
  imageUploaded: 'Image uploaded.',
  imageDeleted: 'Image deleted.',
} as const;

/** What the screens ask before deleting (the specs ask "Do you want to delete this record ?" everywhere). */
export const ASKED_ON_SCREEN = {
  deleteMenuEntry: 'Delete this menu entry? This cannot be undone.',
  deleteGroup: 'Delete this group? This cannot be undone.',
  deleteEnquiry: 'Delete this enquiry? This cannot be undone.',
} as const;

// Kept beside the map so that a message the specs word oddly cannot slip onto a screen unmapped: the test reads it.
export const SPEC_MESSAGE_SOURCES = { LOGIN_MESSAGES, MENU_MESSAGES, USER_MESSAGES, MASTER_MESSAGES, PAGE_MESSAGES, PARAMETER_MESSAGES } as const;
