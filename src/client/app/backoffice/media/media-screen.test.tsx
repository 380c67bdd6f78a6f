// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_PAGE_SIZE, type MediaItem, type MediaUse } from '../../../../core/schemas/media';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import type { FakeRequest } from '../../test-support/dom';
import { notify } from '../../toasts';
import MediaScreen from './media-screen';

/**
 * The media library screen against a stand-in for the media calls of docs/design.md §27 that keeps its images as the
 * server would: pages of 48 with a `next` cursor, the search over titles, names and alt texts, the unused filter, a
 * save that stores title, alt text and focal point, one image read with where it is used, and a delete refused with
 * 409 `{message, usedBy}` while an image is used.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const HOME_SLIDE: MediaUse = { routing: 'Home', page: 'Home', field: 'slideList[0].image' };
const LOGO: MediaUse = { routing: 'companyForm', page: 'Company Details', field: 'logo' };

let images: MediaItem[];
/** The next save's answer when it is a refusal. */
let refusal: { status: number; data: { message: string; field?: string } } | null;

const image = (id: number, extra: Partial<MediaItem> = {}): MediaItem => ({
  id,
  folder: 'page1000',
  name: `${id.toString(16).padStart(24, '0')}_800x600.png`,
  title: `photo-${id}`,
  url: `/uploads/photos/page1000/${id.toString(16).padStart(24, '0')}_800x600.png`,
  width: 800,
  height: 600,
  bytes: 12_345,
  alt: '',
  focalX: 0.5,
  focalY: 0.5,
  uploadedAt: '2026-11-20T10:30:00.000Z',
  uploadedBy: 'admin',
  usedBy: [],
  ...extra,
});

beforeEach(() => {
  // 50 images, newest (highest id) first: a page of 48 and one of 2.
  images = Array.from({ length: 50 }, (_, index) => image(50 - index));
  images[0] = image(50, { alt: 'The team at the Pune office', usedBy: [HOME_SLIDE, LOGO] });
  images[1] = image(49, {
    title: '',
    folder: 'company',
    name: '0000000000000000000000aa_200x100.png',
    url: '/uploads/photos/company/0000000000000000000000aa_200x100.png',
    width: 200,
    height: 100,
    usedBy: [LOGO],
  });
  refusal = null;
  requests = [];
  onceAnswers = [];
  vi.mocked(notify.success).mockClear();
});

/** Each request as `METHOD call`, in order. */
let requests: string[];
/** Answers given once instead of the stand-in's, for a request of that method and call. */
let onceAnswers: Array<{ request: string; reply: { status: number; data: unknown }; used: boolean }>;

/** Gives `reply` to the next `method call`; `used` says whether it was asked for. */
function answerOnce(call: string, method: string, reply: { status: number; data: unknown }) {
  const once = { request: `${method} ${call}`, reply, used: false };
  onceAnswers.push(once);
  return once;
}

function answer(call: string, body: Record<string, unknown>, { method }: FakeRequest) {
  requests.push(`${method} ${call}`);
  const once = onceAnswers.find((candidate) => !candidate.used && candidate.request === `${method} ${call}`);
  if (once) {
    once.used = true;
    return once.reply;
  }
  const [name = '', query = ''] = call.split('?');
  if (name === 'media' && method === 'GET') {
    const params = new URLSearchParams(query);
    const search = params.get('search')?.toLowerCase();
    const after = Number(params.get('after') ?? Infinity);
    const matching = images.filter(
      (item) =>
        item.id < after &&
        (!search || `${item.title} ${item.name} ${item.alt}`.toLowerCase().includes(search)) &&
        (params.get('unused') !== '1' || item.usedBy.length === 0),
    );
    const page = matching.slice(0, MEDIA_PAGE_SIZE);
    return {
      status: 200,
      data: { items: page, next: matching.length > MEDIA_PAGE_SIZE ? String(page.at(-1)!.id) : null },
    };
  }
  const one = /^media\/(\d+)$/.exec(call);
  const listed = one ? images.find((item) => item.id === Number(one[1])) : undefined;
  if (!listed) return undefined;
  if (method === 'GET') return { status: 200, data: listed };
  if (method === 'POST') {
    if (refusal) return refusal;
    const saved = {
      ...listed,
      title: String(body.title).trim(),
      alt: String(body.alt).trim(),
      focalX: Number(body.focalX),
      focalY: Number(body.focalY),
    };
    images = images.map((item) => (item.id === saved.id ? saved : item));
    return { status: 200, data: saved };
  }
  if (method === 'DELETE') {
    if (listed.usedBy.length > 0)
      return {
        status: 409,
        data: { message: 'The image is used by Home and Company Details; it was not deleted.', usedBy: listed.usedBy },
      };
    images = images.filter((item) => item.id !== listed.id);
    return { status: 200, data: { message: 'Success' } };
  }
  return undefined;
}

const cards = () => [...dom.container.querySelectorAll('.media-card')];
/** An image's card, by its thumbnail's address (its title may change; the stored name is in the address). */
const cardOf = (id: number) => {
  const stem = (images.find((item) => item.id === id) ?? image(id)).name.replace(/\.png$/, '');
  return cards().find((card) => card.querySelector('img')?.getAttribute('src')?.includes(stem));
};
const field = <T extends HTMLElement = HTMLInputElement>(label: string) => labelled<T>(document, label)!;
const errorOf = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent;
const listCalls = () => calls.filter((c) => c.call === 'media' || c.call.startsWith('media?')).map((c) => c.call);
const detail = () => document.querySelector<HTMLDialogElement>('dialog.media-detail');

async function typeText(textarea: HTMLTextAreaElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, text);
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function openImage(id: number) {
  await until(() => cardOf(id), `the card of image ${id}`);
  await click(cardOf(id)!.querySelector('button')!);
  return until(() => detail(), 'the detail dialog');
}

describe('the media library screen', () => {
  it('shows a page of thumbnails with title, size and use, and Load more reads the next page by its cursor', async () => {
    dom.renderScreen(<MediaScreen />);
    await until(() => cards().length === MEDIA_PAGE_SIZE, 'the first page');
    expect(document.title).toBe('Media library – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Media library');
    expect(dom.container.querySelector('h2')?.textContent).toBe('48 images shown, more below');

    const first = cardOf(50)!;
    // Called by its title (docs/design.md §34); one without is "Untitled image".
    expect(first.querySelector('.media-card__name')?.textContent).toBe('photo-50');
    expect(cardOf(49)?.querySelector('.media-card__name')?.textContent).toBe('Untitled image');
    expect(first.querySelector('.media-card__facts')?.textContent).toBe('800 × 600, 12 KB');
    expect(first.querySelector('.media-card__usage')?.textContent).toBe('Used on 2 places');
    expect(cardOf(48)?.querySelector('.media-card__usage')?.textContent).toBe('Not used');
    expect(cardOf(49)?.querySelector('.media-card__usage')?.textContent).toBe('Used on 1 place');
    // The thumbnail is the 320-pixel WebP copy, loaded as it comes into view; a narrower image shows itself.
    const thumb = first.querySelector('img')!;
    // Its size in bytes is its version: a replaced picture (same address) is not shown from the browser's cache.
    expect(thumb.getAttribute('src')).toBe(
      `/uploads/photos/page1000/${image(50).name.replace('.png', '')}-320.webp?v=12345`,
    );
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(cardOf(49)?.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/photos/company/0000000000000000000000aa_200x100.png?v=12345',
    );

    await click(button('Load more')!);
    await until(() => cards().length === 50, 'the second page');
    expect(listCalls()).toEqual(['media', 'media?after=3']);
    expect(button('Load more')).toBeNull();
    expect(dom.container.querySelector('h2')?.textContent).toBe('50 images');
  });

  it('searches titles, names and alt texts once the typing pauses, and says so when nothing matches', async () => {
    dom.renderScreen(<MediaScreen />);
    await until(() => cards().length === MEDIA_PAGE_SIZE, 'the first page');
    const search = field('Search titles, names and alt texts');
    await type(search, 'pu');
    await type(search, 'pune');
    await until(() => cards().length === 1, 'the one match');
    expect(cardOf(50)).toBeDefined();
    // One request for the word, not one per key.
    expect(listCalls()).toEqual(['media', 'media?search=pune']);

    await type(search, 'photo-17');
    await until(() => cards().length === 1 && cardOf(17), 'the image of that title');

    await type(search, 'nowhere');
    const empty = await until(() => dom.container.querySelector('.media-empty'), 'the empty sentence');
    expect(empty.textContent).toBe('No image has “nowhere” in its title, name or alt text.');
  });

  it('shows only unused images when asked, with a sentence when every image is used', async () => {
    dom.renderScreen(<MediaScreen />);
    await until(() => cards().length === MEDIA_PAGE_SIZE, 'the first page');
    await click(field('Only unused images'));
    await until(
      () => listCalls().includes('media?unused=1') && cards().length === MEDIA_PAGE_SIZE && !cardOf(50),
      'the unused images',
    );
    expect(cards()).toHaveLength(MEDIA_PAGE_SIZE);
    expect(cards().every((card) => card.textContent?.includes('Not used'))).toBe(true);

    images = images.filter((item) => item.usedBy.length > 0);
    await click(field('Only unused images'));
    await until(() => cardOf(50), 'all images again');
    await click(field('Only unused images'));
    const empty = await until(() => dom.container.querySelector('.media-empty'), 'the empty sentence');
    expect(empty.textContent).toBe(
      'Every image in the library is used somewhere: there is nothing unused to tidy away.',
    );
  });

  it('saves the title, the alt text and the focal point (0 to 1) and shows a refusal at its field', async () => {
    dom.renderScreen(<MediaScreen />);
    const dialog = await openImage(48);
    expect(dialog.querySelector('h2')?.textContent).toBe('photo-48');
    expect(dialog.textContent).toContain(image(48).name);
    await expectFocus(() => button('Close'));
    expect(dialog.textContent).toContain('Nothing shows this image: it can be deleted.');

    const alt = field<HTMLTextAreaElement>('Alt text');
    await typeText(alt, '  A red logo on white  ');
    expect(document.getElementById(`${alt.id}-hint`)?.textContent).toContain('23 of 300 characters.');
    await type(field('Title'), '  Red logo  ');
    await type(field('From the left (%)'), '25');
    await type(field('From the top (%)'), '80');
    expect(dialog.querySelector<HTMLElement>('.media-detail__marker')?.style.left).toBe('25%');
    await click(button('Save')!);
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    const saves = calls.filter((c) => c.call === 'media/48' && Object.keys(c.body).length > 0).map((c) => c.body);
    expect(saves).toEqual([{ title: 'Red logo', alt: 'A red logo on white', focalX: 0.25, focalY: 0.8 }]);
    expect(notify.success).toHaveBeenCalledWith(
      'The title, alt text and focal point of “Red logo” are saved.',
      'Image saved',
    );
    await until(
      () =>
        dialog.querySelector('h2')?.textContent === 'Red logo' &&
        cardOf(48)?.querySelector('.media-card__name')?.textContent === 'Red logo',
      'the new title shown',
    );

    // A number out of range is refused before anything is sent; the server's refusal shows at the field it names.
    await type(field('From the top (%)'), '120');
    await click(button('Save')!);
    expect(errorOf(field('From the top (%)'))).toBe(
      'Enter a number from 0 to 100 for how far from the top the focal point is.',
    );
    await expectFocus(() => field('From the top (%)'));
    expect(calls.filter((c) => c.call === 'media/48')).toHaveLength(1);

    await type(field('From the top (%)'), '10');
    refusal = { status: 400, data: { message: 'The alt text is longer than 300 characters.', field: 'alt' } };
    await click(button('Save')!);
    await until(() => errorOf(alt), 'the refusal at Alt text');
    expect(errorOf(alt)).toBe('The alt text is longer than 300 characters.');
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    await expectFocus(() => alt);

    refusal = { status: 400, data: { message: 'The title must be one line.', field: 'title' } };
    await click(button('Save')!);
    await until(() => errorOf(field('Title')), 'the refusal at Title');
    expect(errorOf(field('Title'))).toBe('The title must be one line.');
    await expectFocus(() => field('Title'));
  });

  it('shows where a used image is used before it asks anything (docs/design.md §34); deletes an unused one after asking', async () => {
    dom.renderScreen(<MediaScreen />);
    // The list says it is unused; the server knows better by now: Delete asks it first.
    images[0] = { ...images[0]!, usedBy: [] };
    let dialog = await openImage(50);
    images[0] = { ...images[0], usedBy: [HOME_SLIDE, LOGO] };
    await click(button('Delete image')!);
    const refused = await until(
      () => dialog.querySelector('.media-detail__delete-outcome .media-refusal'),
      'the places',
    );
    expect(refused.querySelector('p')?.textContent).toBe(
      '“photo-50” cannot be deleted: it is used in 2 places. Take it out of them first.',
    );
    expect([...refused.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/Home'],
      ['Company Details', '/companyForm'],
    ]);
    // Nothing was asked and no delete was sent.
    expect(document.querySelector('dialog[role="alertdialog"]')).toBeNull();
    expect(requests.filter((request) => request.endsWith(' media/50'))).toEqual(['GET media/50']);
    expect(detail()).not.toBeNull();

    // Another administrator's 409 all the same (a page saved between the check and the yes): its sentence and places.
    await click(button('Close')!);
    dialog = await openImage(46);
    images = images.map((item) => (item.id === 46 ? { ...item, usedBy: [HOME_SLIDE, LOGO] } : item));
    const inUseAfterCheck = answerOnce('media/46', 'GET', { status: 200, data: { ...image(46), usedBy: [] } });
    await click(button('Delete image')!);
    await until(() => document.querySelector('dialog[role="alertdialog"]'), 'the question');
    await click(button('Delete')!);
    const late = await until(() => dialog.querySelector('.media-detail__delete-outcome .media-refusal'), 'the refusal');
    expect(late.querySelector('p')?.textContent).toBe(
      'The image is used by Home and Company Details; it was not deleted.',
    );
    expect(inUseAfterCheck.used).toBe(true);

    await click(button('Close')!);
    dialog = await openImage(47);
    await click(button('Delete image')!);
    const question = await until(
      () => document.querySelector('dialog[role="alertdialog"] .confirm-dialog__question'),
      'the question',
    );
    expect(question.textContent).toMatch(/^Delete “photo-47”\? Its address stops working/);
    await click(button('Cancel')!);
    expect(requests).not.toContain('DELETE media/47');
    await click(button('Delete image')!);
    await until(() => document.querySelector('dialog[role="alertdialog"]'), 'the question');
    await click(button('Delete')!);
    await until(() => !detail() && !cardOf(47), 'the image gone');
    expect(requests.filter((request) => request === 'DELETE media/47')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('The image “photo-47” is deleted.', 'Image deleted');
    // Its card is gone with it: the focus is at the start of the list's controls, not lost.
    await expectFocus(() => field('Search titles, names and alt texts'));
  });

  it('opens the image a link names, reading pages until it is found', async () => {
    dom.renderScreen(<MediaScreen />, '/media?open=2');
    const dialog = await until(() => detail(), 'the linked image');
    expect(dialog.querySelector('h2')?.textContent).toBe('photo-2');
    expect(listCalls()).toEqual(['media', 'media?after=3']);
    await click(button('Close')!);
    expect(dom.address).toBe('/media');
  });

  it('says in a sentence that a linked image is not in the library', async () => {
    dom.renderScreen(<MediaScreen />, '/media?open=999');
    const notice = await until(() => dom.container.querySelector('.media-notice'), 'the sentence');
    expect(notice.textContent).toBe('There is no image with id 999 in the library: it may have been deleted.');
    expect(detail()).toBeNull();
    expect(dom.address).toBe('/media');
  });
});
