import { useQuery } from '@tanstack/react-query';
import { checkEntry } from '../../../core/field-rules/check-entry';
import type { FieldLabels, FieldRule } from '../../../core/field-rules/field-rule';
import { api } from '../lib/api';
import * as fieldRulesApi from '../../../core/api/field-rules';

const NO_RULES: readonly FieldRule[] = [];

/**
 * The field rules of a page (getParamconf, spec 000 §5). A page whose rules cannot be loaded is edited
 * without them: the server applies them again on save, so nothing unchecked is stored.
 */
export function usePageRules(pageId: number): readonly FieldRule[] {
  const rules = useQuery({
    queryKey: ['field-rules', pageId],
    queryFn: async () => {
      const answer = await api(fieldRulesApi.fieldRules, { body: { id: pageId } });
      return Array.isArray(answer?.activeList) ? answer.activeList : [];
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return rules.data ?? NO_RULES;
}

/** A refused entry: the message to show, and the field it is about (its name), when it is about one. */
export interface EntryProblem {
  field: string | null;
  message: string;
}

/** Runs the shared rule engine on one entry, its fields named by their labels; the first failure, or null. */
export function ruleFailure(
  entry: Record<string, unknown>,
  rules: readonly FieldRule[],
  labels: FieldLabels,
): EntryProblem | null {
  if (rules.length === 0) return null;
  const result = checkEntry(entry, rules, new Date(), labels);
  return result.ok ? null : { field: result.field, message: result.message };
}
