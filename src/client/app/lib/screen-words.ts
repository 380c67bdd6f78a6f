/**
 * What staff read is plain, correct English (docs/design.md §34). The API keeps the specs' messages word for word
 * in its `message` fields, where a client of the spec reads them ("Data Save successfully !!", "User Group Updated
 * Sucessfully"); the screens say the same thing properly. Every refusal the API client shows passes through
 * `inPlainWords`, and a screen's own success toast names what it did ("User saved.").
 *
 * The specs' messages are written out here rather than imported: the API client is on every screen's first load,
 * and their modules would bring their schemas with them. screen-words.test.ts holds this map to those modules.
 */
const SPEC_MESSAGES_ON_SCREEN: ReadonlyMap<string, string> = new Map([
  ['Username and password mandatory', 'Enter your user name and password.'],
  ['Invalid User name & Password', 'The user name or password is not right.'],
  ['Login Successfully!', 'Signed in.'],
  ['Sequence is Not Less Than Current', 'Choose a position no lower than those of the entries already at this level.'],
  ['Menu Deleted Successfully !!', 'Menu entry deleted.'],
  ['Save Failed', 'The menu could not be changed. Please try again.'],
  ['User Group Updated Sucessfully', "The group's menu now applies to each of its users."],
  ['Sorry ! But This Feature Only for Groups', "Only a group's menu can be applied to its users: choose a group."],
  ['Oops! Please Select Valid User', 'Choose a user from the list.'],
  ['Menu Saved Successfully !!', 'Menu entry saved.'],
  ['Please Enter Password!', 'Enter a password.'],
  ['Oops, Please Check Again!', 'The status was not changed.'],
  ['Data Save successfully !!', 'Page saved.'],
  ['Somthing Wrong  !!', 'The page could not be saved. Please try again.'],
  ['Please Check Again!', 'The fields were not saved.'],
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
