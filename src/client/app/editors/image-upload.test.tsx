// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '../../../core/schemas/media';
import { notify } from '../toasts';
import {
  buttonNamed as button,
  byLabel,
  click,
  expectFocus,
  type,
  until,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import { ImageUploadField } from './image-upload';
import { mediaListQuery } from './media-picker';
import { listMedia } from '../../../core/api/media';
import { apiUrl } from '../lib/api';

const mediaListPath = (search: string, after: string | null) =>
  apiUrl(listMedia, { query: mediaListQuery(search, after) });

/**
 * The image field (docs/design.md §27): drop, paste and the picker upload at once, several files one after another with a
 * line each, and "Choose from library". The server's answers come from a stand-in XMLHttpRequest (uploads) and
 * fetch (the library); the real server is driven by tests/e2e/image-fields.spec.ts.
 */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();
withModalDialogs();

/** An upload the field sent: its form, and the server's side (progress, the answer). */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  form: FormData | null = null;
  aborted = false;
  withCredentials = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    this.form = form;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  async progress(fraction: number) {
    await act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 }));
  }
  async answer(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
  fileName() {
    return (this.form?.get('file') as File | null)?.name;
  }
}

const uploaded = (name: string) => ({
  message: 'File uploaded successfully',
  url: `/uploads/photos/about/${name}`,
  filename: name,
});
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

let pending: boolean[];
let value: () => string;

function Controlled({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  value = () => text;
  return (
    <>
      <label htmlFor="photo">Image</label>
      <ImageUploadField
        id="photo"
        folder="about"
        value={text}
        onChange={setText}
        describedBy={undefined}
        onPendingFile={(now) => pending.push(now)}
      />
    </>
  );
}

/** An event carrying files as a drag or the clipboard does (jsdom has no DataTransfer). */
async function fire(
  target: Element,
  kind: 'dragenter' | 'dragover' | 'drop' | 'paste',
  files: File[],
  types = ['Files'],
) {
  const event = new Event(kind, { bubbles: true, cancelable: true });
  Object.defineProperty(event, kind === 'paste' ? 'clipboardData' : 'dataTransfer', {
    value: { files, types, dropEffect: 'none' },
  });
  await act(async () => {
    target.dispatchEvent(event);
  });
  return event;
}

const zone = () => dom.container.querySelector('.image-field')!;
const lines = () => [...dom.container.querySelectorAll('.image-field__line')].map((line) => line.textContent);
const waitForUploads = (count: number) => until(() => FakeUpload.sent.length >= count, `${count} uploads sent`);

beforeEach(() => {
  FakeUpload.sent = [];
  pending = [];
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => vi.unstubAllGlobals());

describe('ImageUploadField', () => {
  it('uploads a dropped file at once, with a progress line, and puts its address into the field', async () => {
    dom.render(<Controlled />);
    expect(zone().textContent).toContain('Drop an image here, paste one, or choose a file.');
    const over = await fire(zone(), 'dragover', []);
    expect(over.defaultPrevented).toBe(true);
    expect(zone().classList.contains('image-field--dragging')).toBe(true);

    const drop = await fire(zone(), 'drop', [png('team.png')]);
    expect(drop.defaultPrevented).toBe(true);
    expect(zone().classList.contains('image-field--dragging')).toBe(false);
    const [sent] = await waitForUploads(1).then(() => FakeUpload.sent);
    expect(sent!.url).toBe('/api/master/uploadImage');
    expect(sent!.form!.get('page')).toBe('about');
    expect(sent!.fileName()).toBe('team.png');
    expect(pending).toContain(true);
    await sent!.progress(0.4);
    const bar = dom.container.querySelector<HTMLProgressElement>('progress')!;
    expect(bar.getAttribute('aria-label')).toBe('Uploading team.png');
    expect(bar.value).toBeCloseTo(0.4);
    expect(lines()[0]).toContain('40%');

    await sent!.answer(200, uploaded('0123456789abcdef01234567_800x400.png'));
    await until(
      () => value() === '/uploads/photos/about/0123456789abcdef01234567_800x400.png',
      'the address in the field',
    );
    expect(byLabel<HTMLInputElement>(dom.container, 'Image')!.value).toBe(value());
    await until(() => vi.mocked(notify.success).mock.calls.length > 0, 'the toast');
    expect(notify.success).toHaveBeenCalledWith('Image uploaded.');
    expect(lines()).toEqual(['team.pngUploaded.']);
    expect(pending.at(-1)).toBe(false);
  });

  it('uploads an image pasted into the field, and leaves pasted text to the address input', async () => {
    dom.render(<Controlled />);
    const address = byLabel<HTMLInputElement>(dom.container, 'Image')!;
    const text = await fire(address, 'paste', [], ['text/plain']);
    expect(text.defaultPrevented).toBe(false);
    expect(FakeUpload.sent).toHaveLength(0);

    const image = await fire(address, 'paste', [png('image.png')]);
    expect(image.defaultPrevented).toBe(true);
    await waitForUploads(1);
    await FakeUpload.sent[0]!.answer(200, uploaded('abcdefabcdefabcdefabcdef_10x10.png'));
    await until(() => value().endsWith('_10x10.png'), 'the pasted image in the field');
  });

  it('sends several files one after another, a line each: the first uploaded goes into the field, a refusal says why', async () => {
    dom.render(<Controlled initial="/demo/old.png" />);
    const picker = byLabel<HTMLInputElement>(dom.container, 'Choose an image file (PNG or JPEG)')!;
    expect(picker.multiple).toBe(true);
    Object.defineProperty(picker, 'files', {
      configurable: true,
      value: [png('one.png'), png('two.gif'), png('three.png')],
    });
    await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })));
    expect(lines()).toHaveLength(3);
    expect(dom.container.querySelectorAll('progress')).toHaveLength(3);
    await waitForUploads(1);
    // One at a time: the second waits for the first.
    expect(FakeUpload.sent).toHaveLength(1);
    expect(lines()[1]).toContain('Waiting');

    await FakeUpload.sent[0]!.answer(200, uploaded('111111111111111111111111_20x20.png'));
    await waitForUploads(2);
    expect(value()).toBe('/uploads/photos/about/111111111111111111111111_20x20.png');
    await FakeUpload.sent[1]!.answer(400, { message: 'Please upload a PNG, JPEG, GIF or WebP image.' });
    await waitForUploads(3);
    expect(notify.error).toHaveBeenCalledWith('Failed to upload file: Please upload a PNG, JPEG, GIF or WebP image.');
    await FakeUpload.sent[2]!.answer(200, uploaded('333333333333333333333333_30x30.png'));
    await until(() => dom.container.querySelector('.image-field__more')?.textContent, 'the sentence about the library');

    // The field keeps the first; the third is in the library; the refused one says why.
    expect(value()).toBe('/uploads/photos/about/111111111111111111111111_20x20.png');
    expect(lines()).toEqual([
      'one.pngUploaded.',
      'two.gifNot uploaded: Please upload a PNG, JPEG, GIF or WebP image.',
      'three.pngUploaded.',
    ]);
    expect(dom.container.querySelector('.image-field__more')!.textContent).toBe(
      '1 more image is in the library: Choose from library',
    );
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(pending.at(-1)).toBe(false);
  });

  it('cancels an upload under way: nothing goes into the field, and the field is no longer busy', async () => {
    dom.render(<Controlled />);
    await fire(zone(), 'drop', [png('big.png')]);
    await waitForUploads(1);
    expect(pending.at(-1)).toBe(true);
    await click(button('Cancel the upload of big.png')!);
    expect(FakeUpload.sent[0]!.aborted).toBe(true);
    expect(lines()).toEqual([]);
    expect(value()).toBe('');
    expect(pending.at(-1)).toBe(false);
    await expectFocus(() => byLabel(dom.container, 'Choose an image file (PNG or JPEG)'));
  });
});

describe('Choose from library', () => {
  const item = (id: number, alt = ''): MediaItem => ({
    id,
    folder: 'customer',
    name: `${String(id).padStart(24, '0')}_800x600.png`,
    title: '',
    url: `/uploads/photos/customer/${String(id).padStart(24, '0')}_800x600.png`,
    width: 800,
    height: 600,
    bytes: 153_600,
    alt,
    focalX: 0.5,
    focalY: 0.5,
    uploadedAt: '2026-11-20T10:00:00.000Z',
    uploadedBy: 'admin',
    usedBy: [],
  });
  let asked: string[];

  beforeEach(() => {
    asked = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const page =
        url === mediaListPath('', null)
          ? { items: [item(3, 'The harbour at dawn'), item(2)], next: 'cursor-2' }
          : url === mediaListPath('', 'cursor-2')
            ? { items: [item(1, 'A red door')], next: null }
            : url === mediaListPath('door', null)
              ? { items: [item(1, 'A red door')], next: null }
              : null;
      return new Response(JSON.stringify(page ?? { message: `No call ${url}` }), {
        status: page ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    });
  });

  it('lists the library with thumbnails, size and alt text, loads more, searches, and puts the chosen image into the field', async () => {
    dom.render(<Controlled />);
    const opener = button('Choose from library')!;
    await click(opener);
    const dialog = await until(
      () => document.querySelector<HTMLDialogElement>('dialog.media-picker[open]'),
      'the dialog',
    );
    const choices = () => [...dialog.querySelectorAll<HTMLButtonElement>('.media-picker__choice')];
    await until(() => choices().length === 2, 'the first page');
    // An image without a title says so, above its file's name (docs/design.md §34).
    expect(choices()[0]!.textContent).toBe(
      'Untitled image000000000000000000000003_800x600.png800 × 600 pixels, 150 KBThe harbour at dawn',
    );
    expect(choices()[1]!.textContent).toContain('No alt text');
    // The thumbnail is the smallest WebP copy, not the original.
    expect(choices()[0]!.querySelector('img')!.getAttribute('src')).toBe(
      '/uploads/photos/customer/000000000000000000000003_800x600-320.webp',
    );
    await expectFocus(() => byLabel(dialog, 'Search by name or alt text'));

    await click(button('Load more')!);
    await until(() => choices().length === 3, 'the second page');
    await expectFocus(() => choices()[2]);
    expect(button('Load more')).toBeNull();

    await type(byLabel<HTMLInputElement>(dialog, 'Search by name or alt text')!, 'door');
    await click(button('Search')!);
    await until(() => choices().length === 1, 'the search');
    expect(asked.at(-1)).toBe('/api/master/media?search=door');

    await click(choices()[0]!);
    expect(value()).toBe('/uploads/photos/customer/000000000000000000000001_800x600.png');
    expect(document.querySelector('dialog.media-picker')).toBeNull();
    await until(() => document.activeElement === opener, 'the focus back on the button');
  });

  it('says so when the library cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ message: 'Your menu does not include a page editor.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    dom.render(<Controlled />);
    await click(button('Choose from library')!);
    const problem = await until(
      () => document.querySelector('dialog.media-picker .media-picker__problem'),
      'the problem',
    );
    expect(problem.textContent).toBe('Your menu does not include a page editor.');
    expect(problem.getAttribute('role')).toBe('status');
    await click(button('Close')!);
    expect(document.querySelector('dialog.media-picker')).toBeNull();
  });
});
