import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../core/schemas/auth';
import { MENU_MESSAGES } from '../../../core/schemas/menu-item';
import { USER_MESSAGES } from '../../../core/schemas/user';
import { MASTER_MESSAGES } from '../../../core/masters/master-data';
import { PAGE_MESSAGES } from '../../../core/page-defs/page-definition';
import { PARAMETER_MESSAGES } from '../../../core/page-defs/parameter';
import { ASKED_ON_SCREEN, inPlainWords, SAVED_ON_SCREEN } from './screen-words';

/** The modules whose messages the API sends as the specs word them. */
const SPEC_MESSAGE_SOURCES = {
  LOGIN_MESSAGES,
  MENU_MESSAGES,
  USER_MESSAGES,
  MASTER_MESSAGES,
  PAGE_MESSAGES,
  PARAMETER_MESSAGES,
} as const;

/** What the specs' messages do that plain, correct English does not (docs/design.md §34). */
const ODD =
  /!!|!\.\.|\s[!?]|Sucess|Somthing|Successfully|\bSave successfully|Oops|Sorry|Please Check Again|Please Enter|mandatory|User name &/;

const specMessages = Object.entries(SPEC_MESSAGE_SOURCES).flatMap(([source, messages]) =>
  Object.entries(messages)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, text]) => ({ name: `${source}.${key}`, text })),
);
/** Each screen asks its own question before a delete (ASKED_ON_SCREEN), never the specs' one. */
const asked = (name: string) => name.endsWith('.confirmDelete');

/** The staff app's own code, tests and this module aside. */
function staffSources(folder = path.resolve(import.meta.dirname, '..')): Array<{ file: string; text: string }> {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return staffSources(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|screen-words\.ts$/.test(entry.name)) return [];
    return [{ file: path.relative(process.cwd(), file), text: readFileSync(file, 'utf8') }];
  });
}

describe('the spec messages on screens', () => {
  it('finds the oddly worded ones (the check can fail)', () => {
    const odd = specMessages.filter(({ text }) => ODD.test(text)).map(({ name }) => name);
    expect(odd).toEqual(
      expect.arrayContaining([
        'MENU_MESSAGES.groupUpdated',
        'PAGE_MESSAGES.saved',
        'USER_MESSAGES.saved',
        'LOGIN_MESSAGES.success',
      ]),
    );
  });

  it.each(specMessages.filter(({ name, text }) => ODD.test(text) && !asked(name)))(
    'says $name in plain words',
    ({ text }) => {
      const shown = inPlainWords(text);
      expect(shown).not.toBe(text);
      expect(shown).not.toMatch(ODD);
      expect(shown).toMatch(/^[A-Z].*[.?]$/);
    },
  );

  it('leaves a message in plain words as it is', () => {
    expect(inPlainWords('This user name is already taken. Choose another one.')).toBe(
      'This user name is already taken. Choose another one.',
    );
  });

  it("words the screens' own toasts and questions as sentences", () => {
    for (const text of Object.values(SAVED_ON_SCREEN)) expect(text).toMatch(/^[A-Z][^!]*\.$/);
    for (const text of Object.values(ASKED_ON_SCREEN))
      expect(text).toMatch(/^Delete this [a-z ]+\? This cannot be undone\.$/);
  });

  it('is how every screen shows an oddly worded spec message: never typed out, never passed on unmapped', () => {
    const odd = specMessages.filter(({ text }) => ODD.test(text));
    const found: string[] = [];
    for (const { file, text } of staffSources()) {
      for (const message of odd) {
        if (text.includes(`'${message.text}'`)) found.push(`${file}: '${message.text}'`);
        const reference = message.name.replace('.', '\\.');
        for (const use of text.matchAll(new RegExp(`(inPlainWords\\()?\\b${reference}\\b`, 'g')))
          if (!use[1]) found.push(`${file}: ${message.name}`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('finds no toast or label of its own worded as the specs word theirs', () => {
    const odd = /'[^'\n]*(?:!!|!\.\.|Sucess|Somthing|uccessfully!|Oops,|Sorry !)[^'\n]*'/g;
    const found = staffSources().flatMap(({ file, text }) =>
      [...text.matchAll(odd)].map((match) => `${file}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });
});
