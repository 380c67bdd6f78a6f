import type { LabelTree } from '../../../core/content/common/content-page';
import type { Comparison, RevisionSummary } from '../../../core/schemas/revision';
import { api } from '../lib/api';
import * as pagesApi from '../../../core/api/page-editing';

// The history's calls, apart from its panel (history-panel.tsx), which is a chunk of its own loaded when History opens.

/** One saved revision as the history lists it: who saved it and when, and its status (docs/design.md §19). */
export type PageRevision = RevisionSummary;

/** What a history call answers: the revisions, newest first, and the one visitors see now. */
export interface PageHistory {
  revisions?: PageRevision[];
  published?: number | null;
}

/** How a page's history is read, a revision restored and two compared: the twelve pages' calls or an Autowired page's. */
export interface HistoryCalls {
  /** The react-query key of the list. */
  key: readonly unknown[];
  list: () => Promise<PageHistory | null>;
  restore: (revision: number) => Promise<{ message?: unknown } | null>;
  /** The changes from one revision to another (GET /api/master/compare/:routing). */
  compare: (from: number, to: number) => Promise<Comparison>;
  /** The page's words for its fields, naming the fields of whole list entries in a comparison. */
  labels?: LabelTree;
}

/** The comparison of two revisions of any page, the twelve and the Autowired ones alike, by its routing name. */
export function compareRevisions(routing: string, from: number, to: number): Promise<Comparison> {
  return api(pagesApi.compare, { params: { routing }, query: { from, to } });
}
