import { describe, expect, it } from 'vitest';
import {
  describeState,
  publishQuestion,
  splitLoaded,
  stateAfterSave,
  stateAfterUnschedule,
  waitingSchedule,
} from './publishing-state';
import type { PublishingState } from './publishing-state';
import { PUBLISH_TOASTS } from './save-messages';

/** Times shown as they came, so that the words can be checked exactly. */
const plain = (iso: string) => `<${iso}>`;

const published: PublishingState = {
  status: 'published',
  publishAt: null,
  published: 7,
  scheduled: null,
  savedAt: null,
};
const AT = '2026-12-01T03:30:00.000Z';
const SAVED = '2026-11-25T10:00:00.000Z';

describe('describeState: the action bar’s words for where the page stands', () => {
  it('says Published, and which revision visitors see', () => {
    expect(describeState(published, 7, false, plain)).toEqual({
      headline: 'Published',
      details: ['Visitors see revision 7, the newest.'],
    });
  });

  it('says when a draft was saved and which revision visitors still see', () => {
    const draft: PublishingState = { ...published, status: 'draft', savedAt: SAVED };
    expect(describeState(draft, 8, false, plain)).toEqual({
      headline: `Draft saved at <${SAVED}>`,
      details: ['Visitors see revision 7.'],
    });
  });

  it('says a revision asked for review waits for it, and which revision visitors see meanwhile (docs/design.md §32)', () => {
    const asked = stateAfterSave(
      published,
      { revision: 8, status: 'in_review', publishAt: AT, unscheduled: null },
      new Date(SAVED),
    );
    expect(asked).toEqual({
      status: 'in_review',
      publishAt: AT,
      published: 7,
      scheduled: null,
      savedAt: SAVED,
      nextRevision: 9,
    });
    expect(describeState(asked, 8, false, plain)).toEqual({
      headline: 'Waiting for review',
      details: ['Visitors see revision 7.'],
    });
  });

  it('says that nothing is published yet when no revision is', () => {
    const draft: PublishingState = {
      status: 'draft',
      publishAt: null,
      published: null,
      scheduled: null,
      savedAt: SAVED,
    };
    expect(describeState(draft, 1, false, plain).details).toEqual(['Nothing is published yet.']);
  });

  it('says that a page never saved is not saved yet', () => {
    const none: PublishingState = { status: 'draft', publishAt: null, published: null, scheduled: null, savedAt: null };
    expect(describeState(none, 0, false, plain)).toEqual({
      headline: 'Not saved yet',
      details: ['Nothing is published yet.'],
    });
  });

  it('says "Draft saved" without a time while the time is unknown', () => {
    expect(describeState({ ...published, status: 'draft' }, 8, false, plain).headline).toBe('Draft saved');
  });

  it('names the moment of a scheduled revision and what visitors see until then', () => {
    const scheduled: PublishingState = {
      ...published,
      status: 'scheduled',
      publishAt: AT,
      scheduled: { revision: 8, publishAt: AT },
    };
    expect(describeState(scheduled, 8, false, plain)).toEqual({
      headline: `Scheduled for <${AT}>`,
      details: ['Until then, visitors see revision 7.'],
    });
  });

  it('says both when a schedule waits under a newer draft', () => {
    const both: PublishingState = {
      status: 'draft',
      publishAt: null,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
      savedAt: SAVED,
    };
    expect(describeState(both, 9, false, plain)).toEqual({
      headline: `Draft saved at <${SAVED}>`,
      details: [`Revision 8 is scheduled for <${AT}>, without this draft.`, 'Until then, visitors see revision 7.'],
    });
  });

  it('puts unsaved changes first, and keeps where the saved copy stands', () => {
    expect(describeState(published, 7, true, plain)).toEqual({
      headline: 'Unsaved changes',
      details: ['Saved copy: published.', 'Visitors see revision 7, the newest.'],
    });
  });
});

describe('publishQuestion: what Publish would do', () => {
  it('is null when nothing is new (no unsaved changes, the newest revision published)', () => {
    expect(publishQuestion(published, 7, false, plain)).toBeNull();
  });

  it('names the revision the changes are saved as (docs/design.md §34)', () => {
    expect(publishQuestion({ ...published, nextRevision: 8 }, 7, true, plain)).toBe(
      'Saves your changes as revision 8 and publishes it: visitors will see it at once.',
    );
  });

  it('publishes an unchanged draft as the next revision, not under its own number', () => {
    expect(publishQuestion({ ...published, status: 'draft', nextRevision: 9 }, 8, false, plain)).toBe(
      'Publishes the draft, revision 8, saved again as revision 9: visitors will see it at once.',
    );
  });

  it('names the next number across languages: a translation saved since counts', () => {
    expect(publishQuestion({ ...published, status: 'draft', nextRevision: 12 }, 8, false, plain)).toContain(
      'saved again as revision 12',
    );
  });

  it('names no number it does not know (an older server)', () => {
    expect(publishQuestion(published, 7, true, plain)).toBe(
      'Saves your changes as a new revision and publishes it: visitors will see it at once.',
    );
  });

  it('a page never saved is saved as its first revision', () => {
    const none: PublishingState = {
      status: 'draft',
      publishAt: null,
      published: null,
      scheduled: null,
      savedAt: null,
      nextRevision: 1,
    };
    expect(publishQuestion(none, 0, false, plain)).toBe(
      'Saves the page as revision 1 and publishes it: visitors will see it at once.',
    );
  });

  it('says that a waiting schedule will be cancelled', () => {
    const both: PublishingState = {
      status: 'draft',
      publishAt: null,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
      savedAt: null,
      nextRevision: 10,
    };
    expect(publishQuestion(both, 9, true, plain)).toBe(
      `Saves your changes as revision 10 and publishes it: visitors will see it at once. The schedule of revision 8 for <${AT}> will be cancelled.`,
    );
  });

  it('publishes a scheduled revision now instead of at its time', () => {
    const scheduled: PublishingState = {
      ...published,
      status: 'scheduled',
      publishAt: AT,
      scheduled: { revision: 8, publishAt: AT },
      nextRevision: 9,
    };
    expect(publishQuestion(scheduled, 8, false, plain)).toBe(
      `Publishes revision 8 now instead of at <${AT}>, saved again as revision 9: visitors will see it at once.`,
    );
  });
});

describe('the state follows the answers', () => {
  const now = new Date(SAVED);

  it('a draft keeps what visitors see and a waiting schedule', () => {
    const waiting: PublishingState = {
      ...published,
      scheduled: { revision: 8, publishAt: AT },
      status: 'scheduled',
      publishAt: AT,
    };
    expect(stateAfterSave(waiting, { revision: 9, status: 'draft', publishAt: null, unscheduled: null }, now)).toEqual({
      status: 'draft',
      publishAt: null,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
      savedAt: SAVED,
      nextRevision: 10,
    });
  });

  it('a publication makes its revision the live one and drops the schedule it cancelled', () => {
    const waiting: PublishingState = { ...published, status: 'draft', scheduled: { revision: 8, publishAt: AT } };
    expect(
      stateAfterSave(
        waiting,
        { revision: 10, status: 'published', publishAt: null, unscheduled: { revision: 8, publishAt: AT } },
        now,
      ),
    ).toEqual({
      status: 'published',
      publishAt: null,
      published: 10,
      scheduled: null,
      savedAt: SAVED,
      nextRevision: 11,
    });
  });

  it('a scheduled save is the waiting schedule', () => {
    const after = stateAfterSave(
      published,
      { revision: 8, status: 'scheduled', publishAt: AT, unscheduled: null },
      now,
    );
    expect(after).toMatchObject({
      status: 'scheduled',
      publishAt: AT,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
    });
    expect(waitingSchedule(after, 8)).toEqual({ revision: 8, publishAt: AT });
  });

  it('unscheduling makes the newest revision a draft again', () => {
    const scheduled: PublishingState = {
      ...published,
      status: 'scheduled',
      publishAt: AT,
      scheduled: { revision: 8, publishAt: AT },
    };
    expect(stateAfterUnschedule(scheduled, 8, 8)).toEqual({
      ...published,
      status: 'draft',
      publishAt: null,
      scheduled: null,
    });
    const under: PublishingState = { ...published, status: 'draft', scheduled: { revision: 8, publishAt: AT } };
    expect(stateAfterUnschedule(under, 9, 8)).toEqual({ ...under, scheduled: null });
  });
});

describe('splitLoaded: the edit call’s answer', () => {
  it('keeps the document apart from where the page stands', () => {
    const answer = {
      revision: 9,
      title: 'Hello',
      seo: { title: '', description: '', image: '' },
      status: 'draft',
      publishAt: null,
      savedAt: null,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
      nextRevision: 10,
      seoDefaults: {
        title: 'Home · Firm',
        description: 'About us',
        image: '/logo.png',
        url: 'https://example.test/Home1',
      },
    };
    const loaded = splitLoaded(answer);
    expect(loaded.document).toEqual({ revision: 9, title: 'Hello', seo: { title: '', description: '', image: '' } });
    expect(loaded.state).toEqual({
      status: 'draft',
      publishAt: null,
      published: 7,
      scheduled: { revision: 8, publishAt: AT },
      savedAt: null,
      nextRevision: 10,
    });
    expect(loaded.seoDefaults.url).toBe('https://example.test/Home1');
  });

  it('reads an answer without a state as published', () => {
    expect(splitLoaded({ revision: 3, title: 'x' }).state).toEqual({
      status: 'published',
      publishAt: null,
      published: 3,
      scheduled: null,
      savedAt: null,
    });
  });
});

describe('the toasts', () => {
  it('keep the spec’s words for a publication and say which schedule it cancelled', () => {
    expect(PUBLISH_TOASTS.published({ revision: 8, publishAt: AT }, plain)).toBe(
      `Saved and published: visitors see it now. The schedule of revision 8 for <${AT}> was cancelled.`,
    );
    expect(PUBLISH_TOASTS.draftSaved(7)).toBe('Draft saved. Visitors still see revision 7.');
    expect(PUBLISH_TOASTS.scheduled(AT, plain)).toBe(`Scheduled: the page will be published on <${AT}>.`);
    expect(PUBLISH_TOASTS.unscheduled({ revision: 8, publishAt: AT }, plain)).toBe(
      `Schedule cancelled: revision 8 will not be published on <${AT}>. It stays saved as a draft.`,
    );
  });
});
