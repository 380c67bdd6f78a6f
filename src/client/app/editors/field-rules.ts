import { useQuery } from '@tanstack/react-query';
import { checkEntry } from '../../../core/field-rules/check-entry';
import type { FieldRule } from '../../../core/field-rules/field-rule';
import { api } from '../lib/api';

const NO_RULES: readonly FieldRule[] = [];

/**
 * The field rules of a page (getParamconf, spec 000 §5). A page whose rules cannot be loaded is edited
 * without them: the server applies them again on save, so nothing unchecked is stored.
 */
export function usePageRules(pageId: number): readonly FieldRule[] {
  const rules = useQuery({
    queryKey: ['field-rules', pageId],
    queryFn: async () => {
      const answer = await api<{ activeList?: FieldRule[] } | null>('/api/master/getParamconf', { id: pageId });
      return Array.isArray(answer?.activeList) ? answer.activeList : [];
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return rules.data ?? NO_RULES;
}

/** Runs the shared rule engine on one entry; the first failing rule's message, or null. */
export function ruleFailure(entry: Record<string, unknown>, rules: readonly FieldRule[]): string | null {
  if (rules.length === 0) return null;
  const result = checkEntry(entry, rules);
  return result.ok ? null : result.message;
}
