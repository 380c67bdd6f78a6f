import { EditStateSchema, ScheduledSchema } from '../../../core/schemas/revision';
import type { RevisionStatus, SavedRevision, Scheduled } from '../../../core/schemas/revision';
import { formatDateTime } from '../lib/date-time';

/**
 * Where a page stands with its revisions (docs/design.md §19), as the editor shows it in its action bar: the newest
 * revision's status (the one the editor holds), the revision visitors see, and a schedule waiting (it may be
 * older than a draft saved after it).
 */
export interface PublishingState {
  /** The status of the newest revision, the one the editor works on. */
  status: RevisionStatus;
  /** When the newest revision goes live, if it is scheduled. */
  publishAt: string | null;
  /** The revision visitors see now; null while nothing is published. */
  published: number | null;
  /** A revision waiting for its time, or null. */
  scheduled: Scheduled | null;
  /** When the newest revision was saved (the edit call's, or this visit's save). */
  savedAt: string | null;
  /** The number the next save gets (revisions are numbered across the page's languages); unknown from an older server. */
  nextRevision?: number;
}

/** What the page shows while its seo fields are empty (docs/design.md §20), and its public address. */
export interface SeoDefaults {
  title: string;
  description: string;
  image: string;
  url: string;
}

export const NO_SEO_DEFAULTS: SeoDefaults = { title: '', description: '', image: '', url: '' };

/** The fields `GET /api/master/edit/:routing` adds beside the document; the editor keeps them apart from it. */
const STATE_FIELDS = [
  'status',
  'publishAt',
  'savedAt',
  'published',
  'scheduled',
  'nextRevision',
  'seoDefaults',
] as const;

/** What an editor loads: the page's document, where the page stands, and its seo defaults. */
export interface LoadedDocument<T> {
  document: T;
  state: PublishingState;
  seoDefaults: SeoDefaults;
}

/**
 * Splits what the edit call answered into the document (what a save sends back) and the rest. An answer
 * without a readable state (an older server) reads as published, which offers nothing that could mislead.
 */
export function splitLoaded<T extends { revision: number }>(answer: T): LoadedDocument<T> {
  const record = answer as unknown as Record<string, unknown>;
  const document = Object.fromEntries(
    Object.entries(record).filter(([key]) => !(STATE_FIELDS as readonly string[]).includes(key)),
  ) as unknown as T;
  const parsed = EditStateSchema.safeParse(record);
  if (!parsed.success) {
    return {
      document,
      state: { status: 'published', publishAt: null, published: answer.revision, scheduled: null, savedAt: null },
      seoDefaults: NO_SEO_DEFAULTS,
    };
  }
  const { status, publishAt, savedAt, published, scheduled, nextRevision, seoDefaults } = parsed.data;
  return {
    document,
    state: { status, publishAt, published, scheduled, savedAt, ...nextOf(nextRevision) },
    seoDefaults,
  };
}

/** The next revision's number, where the server told it (an older server does not). */
export function nextOf(nextRevision: number | undefined): Pick<PublishingState, 'nextRevision'> {
  return nextRevision === undefined ? {} : { nextRevision };
}

/**
 * Where the page stands after a save answered (`now`: when the answer came). A publication makes the saved
 * revision the live one and cancels any schedule; a draft leaves a waiting schedule as it is; a scheduled
 * save is the schedule now.
 */
export function stateAfterSave(
  state: PublishingState,
  answer: Pick<SavedRevision, 'revision' | 'status' | 'publishAt' | 'unscheduled'>,
  now: Date,
): PublishingState {
  const savedAt = now.toISOString();
  // The saved revision is the highest now: the next save gets the one after it.
  const nextRevision = answer.revision + 1;
  let scheduled = state.scheduled;
  if (answer.unscheduled && scheduled?.revision === answer.unscheduled.revision) scheduled = null;
  if (answer.status === 'published')
    return { status: 'published', publishAt: null, published: answer.revision, scheduled: null, savedAt, nextRevision };
  if (answer.status === 'scheduled') {
    const publishAt = answer.publishAt ?? '';
    return {
      status: 'scheduled',
      publishAt,
      published: state.published,
      scheduled: { revision: answer.revision, publishAt },
      savedAt,
      nextRevision,
    };
  }
  // A draft, or a revision in review (docs/design.md §32) with the time asked for.
  const inReview = answer.status === 'in_review';
  return {
    status: inReview ? 'in_review' : 'draft',
    publishAt: inReview ? (answer.publishAt ?? null) : null,
    published: state.published,
    scheduled,
    savedAt,
    nextRevision,
  };
}

/** Where the page stands once the schedule of `revision` was cancelled (that revision is a draft again). */
export function stateAfterUnschedule(state: PublishingState, newest: number, revision: number): PublishingState {
  const scheduled = state.scheduled?.revision === revision ? null : state.scheduled;
  if (newest === revision) return { ...state, status: 'draft', publishAt: null, scheduled };
  return { ...state, scheduled };
}

/** A schedule, read from an answer's `unscheduled`, or null. */
export function readScheduled(value: unknown): Scheduled | null {
  const parsed = ScheduledSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

type FormatTime = (iso: string) => string;

/** What visitors see, in a sentence. */
function visitorsSee(published: number | null, until: boolean): string {
  if (published === null) return 'Nothing is published yet.';
  return until ? `Until then, visitors see revision ${published}.` : `Visitors see revision ${published}.`;
}

/**
 * The action bar's words for where the page stands: a headline ("Published", "Draft saved at …",
 * "Scheduled for …", or "Unsaved changes" while the working copy differs from the saved one) and sentences
 * that say what visitors see and what waits.
 */
export function describeState(
  state: PublishingState,
  newest: number,
  dirty: boolean,
  format: FormatTime = formatDateTime,
): { headline: string; details: string[] } {
  const waiting = state.scheduled && state.scheduled.revision !== newest ? state.scheduled : null;
  let headline: string;
  const details: string[] = [];
  if (newest === 0 && state.published === null) {
    // A page made but never saved: no revision at all.
    headline = 'Not saved yet';
    details.push('Nothing is published yet.');
  } else if (state.status === 'scheduled' && state.publishAt) {
    headline = `Scheduled for ${format(state.publishAt)}`;
    details.push(visitorsSee(state.published, true));
  } else if (state.status === 'in_review' || state.status === 'failed') {
    // A schedule that failed at its time: the staff home says why, with Retry (docs/design.md §32).
    headline = state.status === 'failed' ? 'Could not be published as scheduled' : 'Waiting for review';
    details.push(visitorsSee(state.published, false));
  } else if (state.status === 'draft') {
    headline = state.savedAt ? `Draft saved at ${format(state.savedAt)}` : 'Draft saved';
    if (waiting) {
      details.push(`Revision ${waiting.revision} is scheduled for ${format(waiting.publishAt)}, without this draft.`);
      details.push(visitorsSee(state.published, true));
    } else {
      details.push(visitorsSee(state.published, false));
    }
  } else {
    headline = 'Published';
    details.push(
      state.published === null
        ? 'Visitors see the newest revision.'
        : `Visitors see revision ${state.published}, the newest.`,
    );
    if (waiting) details.push(`Revision ${waiting.revision} is scheduled for ${format(waiting.publishAt)}.`);
  }
  if (!dirty) return { headline, details };
  return {
    headline: 'Unsaved changes',
    details: [`Saved copy: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}.`, ...details],
  };
}

/** The schedule waiting for its time, if any: the newest revision's own, or an older one under a draft. */
export function waitingSchedule(state: PublishingState, newest: number): Scheduled | null {
  if (state.scheduled) return state.scheduled;
  return state.status === 'scheduled' && state.publishAt ? { revision: newest, publishAt: state.publishAt } : null;
}

/**
 * What Publish would do, or null when there is nothing new (no unsaved changes and the newest revision is
 * the published one): the confirmation's question. Every save, a publication too, stores a new revision, so the
 * question names the one visitors will see (docs/design.md §34): publishing an unchanged draft stores it again under the
 * next number. A publication cancels a waiting schedule: it says so.
 */
/** What Ask for review does (docs/design.md §32), in the confirmation's words. */
export const reviewQuestion = (state: PublishingState, dirty: boolean): string =>
  `${dirty ? 'Saves your changes' : 'Saves the page again'} ${state.nextRevision === undefined ? 'as a new revision' : `as revision ${state.nextRevision}`} and asks for review: it goes live once someone else approves it.`;

export function publishQuestion(
  state: PublishingState,
  newest: number,
  dirty: boolean,
  format: FormatTime = formatDateTime,
): string | null {
  if (!dirty && state.status === 'published') return null;
  const as = state.nextRevision === undefined ? 'as a new revision' : `as revision ${state.nextRevision}`;
  const waiting = waitingSchedule(state, newest);
  let what: string;
  if (dirty || newest === 0) {
    what = `${dirty ? 'Saves your changes' : 'Saves the page'} ${as} and publishes it: visitors will see it at once.`;
  } else if (waiting?.revision === newest) {
    return `Publishes revision ${newest} now instead of at ${format(waiting.publishAt)}, saved again ${as}: visitors will see it at once.`;
  } else {
    what = `Publishes the draft, revision ${newest}, saved again ${as}: visitors will see it at once.`;
  }
  return waiting
    ? `${what} The schedule of revision ${waiting.revision} for ${format(waiting.publishAt)} will be cancelled.`
    : what;
}
