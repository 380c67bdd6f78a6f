import type { z } from 'zod';
import { ValidationError } from './errors';

/** Parses a request body with its zod schema; a failure is a 400 with sentences a person can act on. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new ValidationError(describeIssues(result.error.issues));
  return result.data;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  if (issues.length === 0) return 'The request is not valid.';
  const sentences = issues.slice(0, 3).map(describeIssue);
  const more = issues.length > 3 ? ` (${issues.length - 3} more problems)` : '';
  return [...new Set(sentences)].join(' ') + more;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : 'The request body';
  if (issue.code === 'unrecognized_keys') {
    return `${where === 'The request body' ? 'The request' : where} has unknown fields: ${issue.keys.join(', ')}.`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${where} is required.`;
  if (issue.code === 'invalid_type') return `${where} must be ${article(issue.expected)}.`;
  // Messages written as sentences (the spec's catalogue) stand on their own.
  if (/^[A-Z].*[.!]$/.test(issue.message)) return issue.message;
  return `${where} ${issue.message.replace(/^Invalid input:?\s*/i, 'is invalid: ')}`.replace(/[.\s]*$/, '.');
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
