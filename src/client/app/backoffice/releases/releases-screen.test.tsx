// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELEASE_MESSAGES, type Release } from '../../../../core/schemas/release';
import type { CheckFinding } from '../../../preview/protocol';
import { notify } from '../../toasts';
import {
  buttonNamed,
  byLabel,
  click,
  fakeSession,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import { answerChecks, PREVIEW_WITH_BRIDGE } from '../../test-support/check-frames';
import ReleasesScreen from './releases-screen';
import { CHECK_FAILURES } from './release-checks';

/**
 * The Releases screen (docs/design.md §32) against a stand-in for its calls, answering with the contract's shapes
 * (src/core/schemas/release.ts): the list by status with each status's actions, a page changed since it was added and
 * Use newest, the publish dialog running the §26 checks on each page's preview in a sandboxed frame (the frame's bridge
 * played here by postMessage) with an acknowledgement per page with problems gating Publish, a 409 naming a page
 * marking its row, Revert asked first, and a new release made from the pages with unpublished changes.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();
const calls = withFakeMasterApi(answer);

const base = {
  error: null,
  createdBy: 'asha',
  updatedAt: '2026-11-30T10:00:00.000Z',
  publishAt: null,
  publishedAt: null,
  publishedBy: null,
  revertedAt: null,
  revertedBy: null,
} as const;
const page = (routing: string, revision: number, extra: Partial<Release['items'][number]> = {}) => ({
  routing,
  title: routing,
  locale: null,
  revision,
  newest: revision,
  previous: null,
  ...extra,
});

const SPRING: Release = {
  ...base,
  id: 1,
  name: 'Spring launch',
  status: 'open',
  items: [page('About', 7), page('About', 8, { locale: 'de' }), page('Careers', 3, { newest: 5 })],
};
const PRICES: Release = {
  ...base,
  id: 2,
  name: 'Price list',
  status: 'scheduled',
  publishAt: '2026-12-10T09:00:00.000Z',
  items: [page('Home', 12)],
};
const WINTER: Release = {
  ...base,
  id: 3,
  name: 'Winter sale',
  status: 'failed',
  publishAt: '2026-11-29T09:00:00.000Z',
  error: 'Home changed since it was added to the release.',
  items: [page('Home', 10, { newest: 12 })],
};
const AUTUMN: Release = {
  ...base,
  id: 4,
  name: 'Autumn',
  status: 'published',
  publishAt: '2026-11-01T09:00:00.000Z',
  publishedAt: '2026-11-01T09:00:00.000Z',
  publishedBy: 'ravi',
  items: [page('About', 4, { previous: 3 }), page('News', 2)],
};
const SUMMER: Release = {
  ...base,
  id: 5,
  name: 'Summer',
  status: 'reverted',
  publishedAt: '2026-08-01T09:00:00.000Z',
  revertedAt: '2026-08-02T09:00:00.000Z',
  revertedBy: 'ravi',
  items: [page('News', 1, { previous: 1 })],
};

let releases: Release[];
/** The refusal of the next change, if any. */
let refusal: { status: number; data: Record<string, unknown> } | null;
/** Whether the previews carry the checks' bridge. */
let bridge: boolean;

function answer(call: string, body: Record<string, unknown>, request: { method: string }) {
  if (call === '/api/auth/session') return { status: 200, data: fakeSession(['releases', 'About', 'Careers']) };
  if (call === 'releases' && request.method === 'GET') return { status: 200, data: { items: releases } };
  if (call.startsWith('/preview/'))
    return {
      status: 200,
      data: bridge ? PREVIEW_WITH_BRIDGE : '<html><body>No bridge</body></html>',
      type: 'text/html',
    };
  if (call === 'releases/candidates') {
    // As the server orders them: unpublished changes first. Careers has a draft in each language; About is up to date.
    const candidate = (routing: string, title: string, locale: string | null, revision: number, status: string) => ({
      routing,
      title,
      locale,
      revision,
      status,
      published: 4,
    });
    return {
      status: 200,
      data: {
        items: [
          candidate('Careers', 'Careers at Firm', null, 9, 'draft'),
          candidate('Careers', 'Careers at Firm', 'de', 9, 'draft'),
          candidate('About', 'About', null, 4, 'published'),
          candidate('About', 'About', 'de', 4, 'published'),
        ],
      },
    };
  }
  if (refusal) return refusal;
  if (call === 'releases' && request.method === 'POST')
    return { status: 200, data: { id: 9, message: RELEASE_MESSAGES.saved } };
  if (/^releases\/\d+\/publish$/.test(call))
    return { status: 200, data: { message: RELEASE_MESSAGES.published, status: 'published', publishAt: null } };
  if (/^releases\/\d+\/revert$/.test(call))
    return { status: 200, data: { message: RELEASE_MESSAGES.reverted, status: 'reverted', publishAt: null } };
  return undefined;
}

beforeEach(() => {
  releases = [SUMMER, AUTUMN, SPRING, PRICES, WINTER];
  refusal = null;
  bridge = true;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

const panels = () => [...dom.container.querySelectorAll<HTMLLIElement>('.release')];
const panel = (name: string) => panels().find((item) => item.querySelector('h2')?.textContent === name);
const actionsOf = (name: string) =>
  [...(panel(name)?.querySelectorAll('.release__actions button') ?? [])].map((b) =>
    b.textContent?.replace(` ${name}`, ''),
  );
const loaded = () => until(() => dom.container.querySelector('.releases-summary'), 'the list');
const sent = (pattern: RegExp) => calls.filter((c) => pattern.test(c.call));
const publishDialog = () => document.querySelector<HTMLDialogElement>('dialog.release-publish');
const question = () => document.querySelector('dialog[role="alertdialog"]');
const publishButton = (name: string) =>
  [...(publishDialog()?.querySelectorAll<HTMLButtonElement>('button[type="submit"]') ?? [])].find(
    (b) => b.textContent === `Publish ${name}`,
  )!;

const PROBLEM: CheckFinding = {
  check: 'alt',
  severity: 'problem',
  message: 'An image has no alternative text.',
  field: null,
};
const ADVICE: CheckFinding = { check: 'title', severity: 'advice', message: 'The title is long.', field: 'seo.title' };

describe('the Releases screen', () => {
  it('lists the releases, failed, open and scheduled first, each with its status, time and what it allows', async () => {
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    expect(document.title).toBe('Releases – Folio');
    expect(dom.container.querySelector('.releases-summary')?.textContent).toBe(
      '5 releases; 3 not live yet, listed first.',
    );
    expect(panels().map((item) => item.querySelector('h2')?.textContent)).toEqual([
      'Winter sale',
      'Spring launch',
      'Price list',
      'Autumn',
      'Summer',
    ]);
    expect(panels().map((item) => item.querySelector('.release__status')?.textContent)).toEqual([
      'Failed',
      'Open',
      'Scheduled',
      'Published',
      'Reverted',
    ]);
    expect(panel('Winter sale')?.querySelector('.release__when')?.textContent).toContain(
      'Home changed since it was added to the release.',
    );
    expect(actionsOf('Spring launch')).toEqual(['Publish now…', 'Schedule…', 'Edit', 'Delete']);
    expect(actionsOf('Winter sale')).toEqual(['Publish now…', 'Schedule…', 'Edit', 'Delete']);
    expect(actionsOf('Price list')).toEqual(['Publish now…', 'Move…', 'Cancel schedule']);
    expect(actionsOf('Autumn')).toEqual(['Revert…']);
    expect(actionsOf('Summer')).toEqual(['Delete']);
    // Pages: name, language, revision; what a published one replaced.
    const pages = (name: string) =>
      [...(panel(name)?.querySelectorAll('.release-page') ?? [])].map((p) => p.textContent);
    expect(pages('Spring launch').slice(0, 2)).toEqual(['AboutRevision 7', 'About in German (de)Revision 8']);
    expect(pages('Autumn')).toEqual(['AboutRevision 4, replacing 3', 'NewsRevision 2, new on the site']);
  });

  it('marks a page changed since it was added, and Use newest saves the release with the newest revision', async () => {
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    const changed = panel('Spring launch')?.querySelectorAll('.release-page--changed');
    expect(changed).toHaveLength(1);
    expect(changed?.[0]?.textContent).toContain('Changed since added: the newest is revision 5.');
    await click(buttonNamed('Use newest revision of Careers')!);
    await until(() => sent(/^releases$/).some((c) => c.body.id === 1), 'the release saved again');
    expect(sent(/^releases$/).find((c) => c.body.id === 1)?.body).toEqual({
      id: 1,
      name: 'Spring launch',
      items: [
        { routing: 'About', locale: null, revision: 7 },
        { routing: 'About', locale: 'de', revision: 8 },
        { routing: 'Careers', locale: null, revision: 5 },
      ],
    });
    expect(notify.success).toHaveBeenCalledWith(RELEASE_MESSAGES.saved);
  });

  it('runs the checks on each page before Publish, which waits for a word on each page with problems', async () => {
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    await click(buttonNamed('Publish now… Spring launch')!);
    const dialog = await until(() => publishDialog(), 'the publish dialog');
    expect(publishButton('Spring launch').disabled).toBe(true);
    await answerChecks({ 'about/': [], 'about/de': [PROBLEM, PROBLEM, ADVICE], 'careers/': [ADVICE] }, 3);
    await until(() => dialog.querySelector('.release-dialog__status')?.textContent?.startsWith('Checks done'), 'done');
    // Each page's preview at its revision, in its language, with the checks' bridge.
    expect(sent(/^\/preview\//).map((c) => c.call)).toEqual([
      '/preview/About?revision=7&checks=1',
      '/preview/About?revision=8&locale=de&checks=1',
      '/preview/Careers?revision=3&checks=1',
    ]);
    const results = [...dialog.querySelectorAll('.release-check__result')].map((p) => p.textContent);
    expect(results).toEqual([
      'No problems found.',
      '2 problems and 1 piece of advice found.',
      '1 piece of advice found.',
    ]);
    expect(dialog.querySelector('details summary')?.textContent).toBe('Show the 3 findings on About in German (de)');
    expect(dialog.querySelector('.release-dialog__status')?.textContent).toBe(
      'Checks done: 1 of the 3 pages needs your word before publishing.',
    );
    // Only the page with problems asks for its word; Publish waits for it.
    expect(dialog.querySelectorAll('input[type="checkbox"]')).toHaveLength(1);
    expect(publishButton('Spring launch').disabled).toBe(true);
    await click(
      byLabel<HTMLInputElement>(dialog, 'Publish anyway: I have seen the 2 problems on About in German (de)')!,
    );
    expect(publishButton('Spring launch').disabled).toBe(false);
    await click(publishButton('Spring launch'));
    await until(() => !publishDialog(), 'the dialog closed');
    expect(sent(/^releases\/1\/publish$/).map((c) => c.body)).toEqual([
      { acknowledged: [{ routing: 'About', locale: 'de', findings: 2 }] },
    ]);
    expect(notify.success).toHaveBeenCalledWith(RELEASE_MESSAGES.published);
  });

  it('asks for a word on a page whose checks could not run, and sends it with no findings', async () => {
    bridge = false;
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    await click(buttonNamed('Publish now… Price list')!);
    const dialog = await until(() => publishDialog(), 'the publish dialog');
    await until(() => dialog.querySelector('.release-check--failed'), 'the page that could not be checked');
    expect(dialog.querySelector('.release-check__result')?.textContent).toBe(CHECK_FAILURES.noBridge);
    expect(publishButton('Price list').disabled).toBe(true);
    await click(byLabel<HTMLInputElement>(dialog, 'Publish anyway: Home could not be checked')!);
    await click(publishButton('Price list'));
    await until(() => !publishDialog(), 'the dialog closed');
    expect(sent(/^releases\/2\/publish$/).map((c) => c.body)).toEqual([
      { acknowledged: [{ routing: 'Home', locale: null, findings: 0 }] },
    ]);
  });

  it('marks the page a refusal names, in the dialog and in the list, with the server’s sentence', async () => {
    const message = 'Careers changed since it was added to the release (now revision 5, the release holds 3).';
    refusal = { status: 409, data: { message, routing: 'Careers', locale: null } };
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    await click(buttonNamed('Publish now… Spring launch')!);
    const dialog = await until(() => publishDialog(), 'the publish dialog');
    await answerChecks({}, 3);
    await until(() => !publishButton('Spring launch').disabled, 'Publish enabled');
    await click(publishButton('Spring launch'));
    const box = await until(() => dialog.querySelector('.refusal-box'), 'the refusal');
    expect(box.textContent).toBe(message);
    expect(dialog.querySelector('.release-check--named')?.textContent).toContain('Careers');
    const row = panel('Spring launch')?.querySelector('.release-page--named');
    expect(row?.textContent).toContain('Careers');
    expect(row?.textContent).toContain('Named in the refusal above');
    expect(panel('Spring launch')?.querySelector('.release__problem')?.textContent).toBe(message);
    expect(publishDialog()?.open).toBe(true);
  });

  it('asks before Revert, saying what visitors see again, then reverts', async () => {
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    await click(buttonNamed('Revert… Autumn')!);
    const asked = await until(() => question(), 'the question');
    expect(asked.textContent).toContain('About: revision 3 again');
    expect(asked.textContent).toContain('News: no published revision before');
    await click([...asked.querySelectorAll('button')].find((b) => b.textContent === 'Revert')!);
    await until(() => sent(/^releases\/4\/revert$/).length === 1, 'the revert sent');
    expect(notify.success).toHaveBeenCalledWith(RELEASE_MESSAGES.reverted);
  });

  it('makes a new release of the pages with unpublished changes, at their newest revision', async () => {
    dom.renderScreen(<ReleasesScreen />, '/releases');
    await loaded();
    await click(buttonNamed('New release')!);
    const form = await until(() => document.querySelector<HTMLDialogElement>('dialog.release-form'), 'the form');
    await until(() => buttonNamed('Add Careers at Firm, revision 9'), 'the pages offered (named as menus name them)');
    expect(sent(/^releases\/candidates$/)).toHaveLength(1);
    // Careers has a draft in each language; About is up to date.
    expect(form.textContent).toContain('Up to date, nothing to release: About, About in German (de).');
    await type(byLabel<HTMLInputElement>(form, 'Name')!, 'Careers refresh');
    await click(buttonNamed('Save')!);
    await until(() => form.querySelector('.refusal-box'), 'no pages refused');
    expect(form.querySelector('.refusal-box')?.textContent).toBe(RELEASE_MESSAGES.noItems);
    await click(buttonNamed('Add Careers at Firm, revision 9')!);
    await click(buttonNamed('Add Careers at Firm in German (de), revision 9')!);
    await click(buttonNamed('Remove Careers at Firm in German (de)')!);
    await click(buttonNamed('Save')!);
    await until(() => !document.querySelector('dialog.release-form'), 'the form closed');
    expect(
      sent(/^releases$/)
        .filter((c) => 'name' in c.body)
        .map((c) => c.body),
    ).toEqual([{ name: 'Careers refresh', items: [{ routing: 'Careers', locale: null, revision: 9 }] }]);
  });
});
