import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { parseStoredImageUrl, variantName, variantWidths } from '../../../core/media/image-names';
import { UNTITLED_IMAGE, type MediaItem } from '../../../core/schemas/media';
import { useModalDialog } from '../components/modal-dialog';
import { api, errorMessage } from '../lib/api';
import '../../styles/data-table.css';
import '../../styles/media-picker.css';
import { listMedia } from '../../../core/api/media';

/** GET /api/master/media for a search and a page of it (48 images; `after` the previous answer's `next`). */
export function mediaListQuery(search: string, after: string | null) {
  return { ...(search !== '' ? { search } : {}), ...(after !== null ? { after } : {}) };
}

/** The smallest copy of a library image for its thumbnail (the WebP made for srcset), else the image itself. */
function thumbnailOf(item: MediaItem): string {
  const stored = parseStoredImageUrl(item.url);
  const width = stored ? variantWidths(stored.width)[0] : undefined;
  if (!stored || width === undefined) return item.url;
  return `${item.url.slice(0, item.url.lastIndexOf('/') + 1)}${variantName(stored.stem, width)}`;
}

/** An image's size in words: its pixels and its bytes. */
export function sizeInWords(item: Pick<MediaItem, 'width' | 'height' | 'bytes'>): string {
  const bytes =
    item.bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(item.bytes / 1024))} KB`
      : `${(item.bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${item.width} × ${item.height} pixels, ${bytes}`;
}

interface Listing {
  /** The search the list answers (what was typed when Search was pressed). */
  search: string;
  items: MediaItem[];
  next: string | null;
}

/**
 * "Choose from library" (docs/design.md §27): the media library in a dialog, newest first, 48 a page with Load more, a search
 * over titles, names and alt text, each image a button with its thumbnail, title (docs/design.md §34), name, size and alt text. Choosing one hands it
 * to `onChoose` (the field takes its address); Close, Escape and choosing give the focus back to the field (the
 * caller does). Rendered into the page's body: an image field may sit in a list editor's form, and the search box
 * must not be that form's.
 */
export default function MediaPicker({
  onChoose,
  onClose,
}: {
  onChoose: (item: MediaItem) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const searchId = useId();
  const [text, setText] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The first image of a page loaded by Load more: it takes the focus (the button that had it may be gone). */
  const focusIndex = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  /** Only the newest request's answer is shown (a search typed while another loads). */
  const request = useRef(0);
  const { firstFocus, dialogProps } = useModalDialog<HTMLInputElement>(onClose);

  const load = async (search: string, after: string | null) => {
    const mine = ++request.current;
    setLoading(true);
    setProblem(null);
    try {
      const page = await api(listMedia, { query: mediaListQuery(search, after) });
      if (mine !== request.current) return;
      setListing((current) => {
        const before = after !== null && current ? current.items : [];
        focusIndex.current = after !== null ? before.length : null;
        return { search, items: [...before, ...page.items], next: page.next };
      });
    } catch (error) {
      if (mine === request.current)
        setProblem(errorMessage(error, 'The images could not be loaded. Please try again.'));
    } finally {
      if (mine === request.current) setLoading(false);
    }
  };

  useEffect(() => {
    // Once, as the dialog opens.
    void load('', null);
  }, []);

  useEffect(() => {
    if (focusIndex.current === null) return;
    list.current?.querySelectorAll<HTMLButtonElement>('.media-picker__choice')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [listing]);

  const search = () => void load(text.trim(), null);
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };

  const items = listing?.items ?? [];
  const status = loading
    ? 'Loading the images…'
    : !listing
      ? ''
      : items.length === 0
        ? listing.search
          ? `No image in the library matches “${listing.search}”.`
          : 'The library has no images yet: upload one in the field.'
        : `${items.length} ${items.length === 1 ? 'image' : 'images'} shown${listing.next ? '; there are more' : ''}.`;

  return createPortal(
    <dialog {...dialogProps} className="staff-dialog media-picker" aria-labelledby={titleId}>
      <h2 className="confirm-dialog__title" id={titleId}>
        Choose from the library
      </h2>
      <div className="media-picker__search" role="search" aria-label="Search the library">
        <label className="field__label" htmlFor={searchId}>
          Search by name or alt text
        </label>
        <div className="media-picker__search-row">
          <input
            ref={firstFocus}
            id={searchId}
            className="field__input"
            type="search"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onSearchKey}
          />
          <button type="button" className="button" onClick={search}>
            Search
          </button>
        </div>
      </div>
      {/* One status region: what the list shows, or why it could not be loaded. */}
      <p className={problem ? 'media-picker__status media-picker__problem' : 'media-picker__status'} role="status">
        {problem ?? status}
      </p>
      {items.length > 0 ? (
        <ul ref={list} className="media-picker__grid" aria-label="Images">
          {items.map((item) => (
            <li key={item.id} className="media-picker__item">
              <button type="button" className="media-picker__choice" onClick={() => onChoose(item)}>
                <img
                  className="media-picker__thumb"
                  src={thumbnailOf(item)}
                  alt=""
                  width={item.width}
                  height={item.height}
                  loading="lazy"
                  decoding="async"
                />
                <span className="media-picker__title">{item.title || UNTITLED_IMAGE}</span>
                <span className="media-picker__name">{item.name}</span>
                <span className="media-picker__size">{sizeInWords(item)}</span>
                <span className={`media-picker__alt${item.alt ? '' : ' media-picker__alt--none'}`}>
                  {item.alt || 'No alt text'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="confirm-dialog__actions media-picker__actions">
        {listing?.next ? (
          <button
            type="button"
            className="button button--outline confirm-dialog__button"
            aria-busy={loading || undefined}
            onClick={() => void load(listing.search, listing.next)}
          >
            Load more
          </button>
        ) : null}
        <button type="button" className="button button--outline confirm-dialog__button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
