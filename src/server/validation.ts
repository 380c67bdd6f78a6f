import type { z } from 'zod';
import { dottedPath } from '../core/schemas/walk';
import { ValidationError } from './errors';

/** Names a place in a body in the words of the screen it comes from ('Skill 1: the skill name'), or null. */
export type FieldNamer = (path: readonly PropertyKey[]) => string | null;

/** Schemas whose fields have on-screen names (the content documents): their issues speak the editor's words. */
const fieldNamers = new WeakMap<z.ZodType, FieldNamer>();

export function nameFieldsOf(schema: z.ZodType, namer: FieldNamer): void {
  fieldNamers.set(schema, namer);
}

/** The refusal of a text holding U+0000: PostgreSQL cannot store it, and no text a person types holds it. */
export const NUL_CHARACTER_MESSAGE = 'Texts may not contain the character U+0000 (NUL).';

/**
 * Refuses input with a NUL character in any text or field name, at any depth (docs/design.md §24): one rule for every
 * call, so that no text reaches PostgreSQL, which refuses it with an error, or SQLite, which would keep it.
 * Every input of every call passes here, a page's whole document on each save: a plain walk over the values with its
 * own stack (a body nested thousands deep is walked, not a stack overflow), without the document walker's places and
 * paths, which this rule never reads.
 */
export function refuseNulCharacters(input: unknown): void {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw new ValidationError(NUL_CHARACTER_MESSAGE);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) pending.push(value[i]);
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const key of Object.keys(value)) {
        if (key.includes('\u0000')) throw new ValidationError(NUL_CHARACTER_MESSAGE);
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
  }
}

/**
 * Parses input with its zod schema; a failure is a ValidationError (400) with sentences a person can act on.
 * Every route's body, query and path parameters come through here (http/contract.ts), and the fields of a
 * multipart form, so the NUL rule is checked here for all of them.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseNulCharacters(input);
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success)
    throw new ValidationError(
      describeIssues(result.error.issues, fieldNamers.get(schema)),
      fieldOfIssues(result.error.issues),
    );
  return result.data;
}

/**
 * The field the refusal is about, as a dotted path (`skillList.2.skillName`): the first issue's place, so that a
 * form marks that field (docs/design.md §25). An unknown field is named itself; an issue about the whole input names none.
 */
export function fieldOfIssues(issues: readonly z.core.$ZodIssue[]): string | undefined {
  const first = issues[0];
  if (!first) return undefined;
  const path =
    first.code === 'unrecognized_keys' && first.keys[0] !== undefined ? [...first.path, first.keys[0]] : first.path;
  return path.length > 0 ? dottedPath(path) : undefined;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], namer?: FieldNamer): string {
  if (issues.length === 0) return 'The request is not valid.';
  const sentences = issues.slice(0, 3).map((issue) => describeIssue(issue, namer));
  const more = issues.length > 3 ? ` (${issues.length - 3} more problems)` : '';
  return [...new Set(sentences)].join(' ') + more;
}

function describeIssue(issue: z.core.$ZodIssue, namer?: FieldNamer): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? (namer?.(issue.path) ?? plainPath(issue.path)) : 'The request';
    return `${where} has unknown fields: ${issue.keys.join(', ')}.`;
  }
  const where = issue.path.length > 0 ? (namer?.(issue.path) ?? plainPath(issue.path)) : 'The request body';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${where} is required.`;
  if (issue.code === 'invalid_type')
    return `${where} must be ${TYPE_WORDS[issue.expected] ?? article(issue.expected)}.`;
  // Messages written as sentences (the spec's catalogue) stand on their own.
  if (/^[A-Z].*[.!]$/.test(issue.message)) return issue.message;
  // Zod's own 'Invalid input' (a union, a custom check) in words, with what it says after, if anything.
  const invalid = /^Invalid input:?\s*/i.exec(issue.message);
  if (!invalid) return `${where} ${issue.message}`.replace(/[.\s]*$/, '.');
  const detail = issue.message.slice(invalid[0].length).trim();
  return detail === '' ? `${where} is not valid.` : `${where} is not valid: ${detail}`.replace(/[.\s]*$/, '.');
}

/** A path without on-screen names: `jsonsavelist.0.sequence` reads 'Entry 1 of jsonsavelist: sequence'. */
function plainPath(path: readonly PropertyKey[]): string {
  const last = path.length - 1;
  const field = String(path[last]);
  const parts: string[] = [];
  for (let i = 0; i < last; i += 1) {
    const segment = path[i];
    if (typeof segment === 'number') parts.push(`entry ${segment + 1} of ${String(path[i - 1] ?? 'the list')}`);
  }
  if (typeof path[last] === 'number')
    return `Entry ${Number(path[last]) + 1} of ${String(path[last - 1] ?? 'the list')}`;
  if (parts.length === 0) return field;
  const where = parts.reverse().join(', ');
  return `${where[0]!.toUpperCase()}${where.slice(1)}: ${field}`;
}

/** Zod's names of types a person would not say ('int'), in words; the rest take their article. */
const TYPE_WORDS: Partial<Record<string, string>> = {
  int: 'a whole number',
  bigint: 'a whole number',
  nan: 'a number',
  array: 'a list',
  tuple: 'a list',
  date: 'a date',
};

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
