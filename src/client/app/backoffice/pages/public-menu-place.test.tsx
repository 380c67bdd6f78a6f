// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageRecord } from '../../../../core/page-defs/page-definition';
import type { PublicMenuPlace } from '../../../../core/page-defs/public-menu';
import {
  byLabel as labelled,
  choose,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withTestRoot,
} from '../../test-support/dom';
import { notify } from '../../toasts';
import { PublicMenuPlaceSection } from './public-menu-place';

/**
 * "Show in the public menu" on a page's screen (docs/design.md §34), on the one form model: against a stand-in for the
 * place's read and the call that places the page. The position is checked by the call's own rule before anything is
 * sent; choosing another parent starts the position at its last; a refusal shows in the form's box.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const PAGE: PageRecord = {
  id: 40,
  filename: 'Careers',
  dspname: 'Careers',
  module: 1,
  modulename: 'Website',
  type: 'Autowired',
  homepage: 'Y',
  activeStatus: 'Y',
};
const entry = (id: number, label: string, parentId: number | null, holdsEntries = false) => ({
  id,
  label,
  parentId,
  depth: parentId === null ? 1 : 2,
  holdsEntries,
  pageId: id + 100,
});
const PLACE: PublicMenuPlace = {
  entries: [entry(1, 'Home', null), entry(2, 'Company', null, true), entry(3, 'About', 2), entry(4, 'Team', 2)],
  placed: null,
};

let refusal: { message: string } | null;
beforeEach(() => {
  refusal = null;
  vi.mocked(notify.success).mockClear();
});

function answer(call: string) {
  if (call === '/api/menu/publicmenuplace') return { status: 200, data: PLACE };
  if (call !== '/api/menu/placeinpublicmenu') return undefined;
  if (refusal) return { status: 409, data: refusal };
  return { status: 200, data: { status: 'OK', message: 'Careers is in the public menu.', menuId: 9 } };
}

const field = <T extends HTMLElement>(label: string) => labelled<T>(dom.container, label)!;
const places = () => calls.filter((c) => c.call === '/api/menu/placeinpublicmenu').map((c) => c.body);
const submit = async () => {
  await act(async () => {
    field<HTMLInputElement>('Position').closest('form')!.requestSubmit();
  });
};

describe('the public menu place', () => {
  it('refuses a position out of range at its field before sending anything', async () => {
    dom.renderScreen(<PublicMenuPlaceSection page={PAGE} />);
    await until(() => labelled(dom.container, 'Position'), 'the form');
    expect(field<HTMLInputElement>('Position').value).toBe('3');
    await type(field('Position'), '0');
    await submit();
    expect(dom.container.textContent).toContain('Enter a position of 1 or more.');
    await expectFocus(() => field('Position'));
    expect(places()).toEqual([]);
    await type(field('Position'), '1001');
    await submit();
    expect(dom.container.textContent).toContain('Enter a position of at most 1000.');
    expect(places()).toEqual([]);
  });

  it('starts the position at the last under another parent and sends the place; the toast says it', async () => {
    dom.renderScreen(<PublicMenuPlaceSection page={PAGE} />);
    await until(() => labelled(dom.container, 'Under'), 'the form');
    await choose(field('Under'), '2');
    expect(field<HTMLInputElement>('Position').value).toBe('3');
    expect(dom.container.textContent).toContain('3 puts it last (after About, Team).');
    await submit();
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(places()).toEqual([{ pageId: 40, parentId: 2, position: 3 }]);
    expect(notify.success).toHaveBeenCalledWith('Careers is in the public menu.');
  });

  it('shows a refusal by the server in the form, keeping what was chosen', async () => {
    refusal = { message: 'That menu entry was removed meanwhile: choose another.' };
    dom.renderScreen(<PublicMenuPlaceSection page={PAGE} />);
    await until(() => labelled(dom.container, 'Under'), 'the form');
    await choose(field('Under'), '2');
    await submit();
    const alert = await until(() => dom.container.querySelector('[role="alert"]'), 'the refusal');
    expect(alert.textContent).toBe('That menu entry was removed meanwhile: choose another.');
    expect(field<HTMLSelectElement>('Under').value).toBe('2');
  });
});
