import type { Locale, LocaleSettings } from '../../../../core/schemas/locale';

/**
 * The languages screen's working copy (docs/design.md §28): the stored languages with the changes made on the screen
 * and not saved yet. Save sends it whole as LocaleSettings; the server judges it (its refusal names a field such
 * as `locales.2.code`, which `refusalAt` turns back into a row of this list).
 */

/** One language of the list. `saved`: stored on the server, so its code stays (its translations hang on it). */
export interface LanguageRow extends Locale {
  /** Stable while the row lives, whatever is typed into it: `saved:de`, `new:3`. */
  key: string;
  saved: boolean;
}

export interface LanguageList {
  defaultLocale: string;
  /** The stored settings' revision the list started from: Save sends it back (409 when someone saved since). */
  revision: number | undefined;
  rows: LanguageRow[];
  /** The number the next added row's key takes. */
  added: number;
}

/** The stored settings as the screen's list, before any change. */
export function listOf(settings: LocaleSettings): LanguageList {
  return {
    defaultLocale: settings.defaultLocale,
    revision: settings.revision,
    rows: settings.locales.map((locale) => ({ ...locale, key: `saved:${locale.code}`, saved: true })),
    added: 0,
  };
}

/** What Save sends: the list as LocaleSettings, the default first (as visitors' switcher lists it). */
export function settingsOf(list: LanguageList): LocaleSettings {
  const locales = list.rows.map(({ code, name, enabled }) => ({ code, name, enabled }));
  return {
    defaultLocale: list.defaultLocale,
    locales,
    ...(list.revision === undefined ? {} : { revision: list.revision }),
  };
}

/** Whether the list says something else than the stored settings (Save is worth pressing; leaving asks first). */
export function differs(list: LanguageList, stored: LocaleSettings): boolean {
  const { defaultLocale, locales } = settingsOf(list);
  return (
    JSON.stringify({ defaultLocale, locales }) !==
    JSON.stringify({ defaultLocale: stored.defaultLocale, locales: stored.locales })
  );
}

/** The common languages offered under the Add form, in their own names. */
export const SUGGESTIONS: readonly Pick<Locale, 'code' | 'name'>[] = [
  { name: 'Deutsch', code: 'de' },
  { name: 'हिन्दी', code: 'hi' },
  { name: 'मराठी', code: 'mr' },
  { name: 'Français', code: 'fr' },
  { name: 'Español', code: 'es' },
];

/** The suggestions the list does not hold yet. */
export const suggestionsFor = (list: LanguageList) =>
  SUGGESTIONS.filter((suggestion) => !list.rows.some((row) => sameCode(row.code, suggestion.code)));

const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const ADD_MESSAGES = {
  code: 'Enter the language’s code, such as de, hi, mr or en-GB.',
  name: 'Enter the language’s name as visitors see it in the switcher, such as Deutsch.',
  listed: (code: string) => `${code} is in the list already.`,
} as const;

/** What the Add form refuses before anything is sent: an empty field, or a language listed already. */
export function addProblems(
  list: LanguageList,
  input: { code: string; name: string },
): { code?: string; name?: string } {
  const code = input.code.trim();
  const problems: { code?: string; name?: string } = {};
  if (!code) problems.code = ADD_MESSAGES.code;
  else if (list.rows.some((row) => sameCode(row.code, code))) problems.code = ADD_MESSAGES.listed(code);
  if (!input.name.trim()) problems.name = ADD_MESSAGES.name;
  return problems;
}

/** The list with a new language at its end, shown on the site (the server checks its code on Save). */
export function addLanguage(list: LanguageList, input: { code: string; name: string }): LanguageList {
  const row: LanguageRow = {
    code: input.code.trim(),
    name: input.name.trim(),
    enabled: true,
    key: `new:${list.added}`,
    saved: false,
  };
  return { ...list, rows: [...list.rows, row], added: list.added + 1 };
}

/** The list with one row changed (its code, name or whether it is on); the default's code follows its row. */
export function changeLanguage(
  list: LanguageList,
  key: string,
  change: Partial<Pick<Locale, 'code' | 'name' | 'enabled'>>,
): LanguageList {
  const before = list.rows.find((row) => row.key === key);
  if (!before) return list;
  const after = { ...before, ...change };
  return {
    ...list,
    defaultLocale: before.code === list.defaultLocale ? after.code : list.defaultLocale,
    rows: list.rows.map((row) => (row.key === key ? after : row)),
  };
}

/** The list without one language (never the default: the screen offers no Remove there). */
export function removeLanguage(list: LanguageList, key: string): LanguageList {
  return { ...list, rows: list.rows.filter((row) => row.key !== key || row.code === list.defaultLocale) };
}

/** The list with another default; the server refuses a language that has translations of its own. */
export function makeDefault(list: LanguageList, key: string): LanguageList {
  const row = list.rows.find((candidate) => candidate.key === key);
  return row ? { ...list, defaultLocale: row.code } : list;
}

/** The part of a row a refusal is about. */
export type RowPart = 'code' | 'name' | 'enabled';

/**
 * The row and part a refusal's field names (`locales.2.code` → the third row sent, its code), or null for a
 * refusal about the whole list (`defaultLocale`, `locales`, none).
 */
export function refusalAt(list: LanguageList, field: string | null | undefined): { key: string; part: RowPart } | null {
  const match = /^locales\.(\d+)\.(code|name|enabled)$/.exec(field ?? '');
  if (!match) return null;
  const row = list.rows[Number(match[1])];
  return row ? { key: row.key, part: match[2] as RowPart } : null;
}
