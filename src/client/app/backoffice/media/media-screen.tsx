import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { MediaListQuerySchema, type MediaItem } from '../../../../core/schemas/media';
import { errorMessage } from '../../lib/api';
import { IconButton } from '../../components/icon-button';
import { useDetailDialog } from '../../components/modal-dialog';
import { BackToHomeLink, LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { StaffForm, useStaffForm, type StaffFormState } from '../../components/staff-form';
import { useRecordLink } from '../../components/use-record-link';
import { thumbnailUrl, useMediaPages, versioned, type MediaFilter } from './api';
import { kilobytes, MediaDetails, titleOf } from './media-details';
import '../../../styles/media.css';
import { formatCount } from '../../lib/staff-locale';

/** How long the search waits after the last key before it asks: a word typed is one request, not one per letter. */
export const SEARCH_DELAY_MS = 300;

const SEARCH_INPUT_ID = 'media-search';

/** "Used on 2 places", or "Not used". */
export const usageOf = (item: Pick<MediaItem, 'usedBy'>) =>
  item.usedBy.length === 0
    ? 'Not used'
    : `Used on ${item.usedBy.length} ${item.usedBy.length === 1 ? 'place' : 'places'}`;

/** What an empty list says, for the filter it was asked with. */
function emptyMessage({ search, unused }: MediaFilter): string {
  if (search && unused) return `No unused image has “${search}” in its title, name or alt text.`;
  if (search) return `No image has “${search}” in its title, name or alt text.`;
  if (unused) return 'Every image in the library is used somewhere: there is nothing unused to tidy away.';
  return 'The library is empty: images uploaded in a page’s editor or in the company details appear here.';
}

/** The focus's place when what had it goes (a deleted image's card): the search box, where the list's controls start. */
function focusListStart() {
  document.getElementById(SEARCH_INPUT_ID)?.focus();
}

/** One image of the grid: its thumbnail (the small WebP copy, loaded as it scrolls into view), title, size and use. */
function MediaCard({ item, version, onOpen }: { item: MediaItem; version: number | undefined; onOpen: () => void }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className="media-card">
      <button type="button" className="media-card__button" onClick={onOpen} aria-haspopup="dialog">
        <span className="media-card__frame">
          <img
            className="media-card__image"
            // A copy that is missing (an image stored before copies were made) falls back to the image itself.
            src={failed ? versioned(item.url, item, version) : thumbnailUrl(item, version)}
            onError={() => setFailed(true)}
            alt=""
            width={item.width}
            height={item.height}
            loading="lazy"
            decoding="async"
            style={{ objectPosition: `${item.focalX * 100}% ${item.focalY * 100}%` }}
          />
        </span>
        <span className={item.title ? 'media-card__name' : 'media-card__name media-card__name--untitled'}>
          {titleOf(item)}
        </span>
        <span className="media-card__facts">
          {item.width} × {item.height}, {kilobytes(item.bytes)}
        </span>
        <span
          className={item.usedBy.length === 0 ? 'media-card__usage media-card__usage--unused' : 'media-card__usage'}
        >
          {usageOf(item)}
        </span>
      </button>
    </li>
  );
}

/**
 * A link to one image (`/media?open=5`, the top-bar search's): it opens once a page read holds it; pages are read
 * until it is found, and when the library ends without it, `missing` names the id for a sentence that says so.
 */
function useOpenLinkedImage(
  media: ReturnType<typeof useMediaPages>,
  items: readonly MediaItem[],
  openDetail: (item: MediaItem) => void,
) {
  const link = useRecordLink('open');
  const [missing, setMissing] = useState<number | null>(null);
  const linkHandled = useRef<number | undefined>(undefined);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = media;
  const clearLink = link.clear;
  useEffect(() => {
    if (link.present && link.id === undefined) clearLink();
    if (link.id === undefined || linkHandled.current === link.id || media.status !== 'success') return;
    const linked = items.find((item) => item.id === link.id);
    if (linked) {
      linkHandled.current = link.id;
      setMissing(null);
      openDetail(linked);
    } else if (hasNextPage) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else {
      linkHandled.current = link.id;
      setMissing(link.id);
      clearLink();
    }
  }, [
    link.present,
    link.id,
    items,
    media.status,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    openDetail,
    clearLink,
  ]);
  return { missing, clearLink };
}

/** The search box's value, sent as the call's search text (trimmed). */
interface SearchValues {
  search: string;
}
const SearchSchema = z.object({ search: MediaListQuerySchema.shape.search.unwrap() });

/**
 * The list's toolbar, a search landmark: the search over titles, names and alt texts (Enter asks at once), Only unused
 * images, and Refresh.
 */
function MediaToolbar({
  form,
  filter,
  onFilter,
  onRefresh,
}: {
  form: StaffFormState<SearchValues>;
  filter: MediaFilter;
  onFilter: (filter: MediaFilter) => void;
  onRefresh: () => void;
}) {
  return (
    <div role="search" aria-label="Search images">
      <StaffForm form={form} className="list-toolbar media-toolbar">
        <div className="list-toolbar__field list-toolbar__field--grow">
          <label className="list-toolbar__label" htmlFor={SEARCH_INPUT_ID}>
            Search titles, names and alt texts
          </label>
          <input
            id={SEARCH_INPUT_ID}
            className="field__input"
            type="search"
            maxLength={100}
            {...form.methods.register('search')}
          />
        </div>
        <label className="media-toolbar__check" htmlFor="media-unused">
          <input
            id="media-unused"
            type="checkbox"
            checked={filter.unused}
            onChange={(event) => onFilter({ ...filter, unused: event.target.checked })}
          />{' '}
          Only unused images
        </label>
        <IconButton icon={RefreshCw} label="Refresh the list" onClick={onRefresh} />
      </StaffForm>
    </div>
  );
}

/**
 * media (Administrators, docs/design.md §27): every uploaded image as a grid of thumbnails, newest first, 48 at a time
 * (Load more reads the next page), each called by its title (docs/design.md §34); a search over titles, names and alt texts
 * (asked as the typing pauses) and Only unused images. An image opens in a dialog: its title, alt text and focal point, where it is used, Replace and Delete.
 * `?open=<id>` (the top-bar search's link) opens that image, reading pages until it is found.
 */
export default function MediaScreen() {
  const [filter, setFilter] = useState<MediaFilter>({ search: '', unused: false });
  // Enter asks at once, without waiting for the pause.
  const searchForm = useStaffForm<SearchValues>({
    schema: SearchSchema,
    defaultValues: { search: '' },
    submit: async ({ search }) => setFilter((current) => ({ ...current, search })),
  });
  const text = useWatch({ control: searchForm.methods.control, name: 'search' });
  const media = useMediaPages(filter);
  const pages = media.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const { detail, setDetail, openDetail, closeDetail } = useDetailDialog<MediaItem>(focusListStart);
  /**
   * Pictures replaced on this screen, with when: their addresses get a version so that this page shows the new
   * bytes, not the picture it holds already (the browser's cache got the new ones: refreshCachedCopies).
   */
  const [versions, setVersions] = useState<ReadonlyMap<number, number>>(() => new Map());
  const countId = useId();

  // The search asks once the typing pauses.
  useEffect(() => {
    const search = text.trim();
    if (search === filter.search) return;
    const timer = setTimeout(() => setFilter((current) => ({ ...current, search })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filter.search]);

  // The detail shows the listed copy (kept up to date by the calls), else the one it opened with, as its last save
  // or replace left it (an image that left the filtered list: an unused one now used, one renamed out of a search).
  const shown = detail ? (items.find((item) => item.id === detail.id) ?? detail) : null;

  const { missing, clearLink } = useOpenLinkedImage(media, items, openDetail);

  const close = useCallback(
    (openerGone = false) => {
      closeDetail(openerGone);
      clearLink();
    },
    [closeDetail, clearLink],
  );

  const refresh = () => void media.refetch();

  return (
    <Screen
      title="Media library"
      lead="Every image uploaded to the site, called by the name of the file it came from until you give it another title. Give each one alt text for visitors who cannot see it and a focal point that stays in view when a page crops it; replace a picture under the same address, or delete one nothing uses."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <MediaToolbar form={searchForm} filter={filter} onFilter={setFilter} onRefresh={refresh} />

      {missing !== null ? (
        <p className="refusal-box media-notice" role="alert">
          There is no image with id {missing} in the library: it may have been deleted.
        </p>
      ) : null}

      {media.status === 'pending' ? (
        <LoadingStatus label="Loading the images…" inline />
      ) : media.status === 'error' ? (
        <LoadFailure message={errorMessage(media.error)} onRetry={refresh} inline />
      ) : items.length === 0 ? (
        <p className="media-empty">{emptyMessage(filter)}</p>
      ) : (
        <section className="media-results" aria-labelledby={countId} aria-busy={media.isPlaceholderData || undefined}>
          <h2 id={countId} className="media-results__count">
            {items.length === 1 ? '1 image' : `${formatCount(items.length)} images`}
            {media.hasNextPage ? ' shown, more below' : ''}
          </h2>
          <ul className="media-grid">
            {items.map((item) => (
              <MediaCard key={item.id} item={item} version={versions.get(item.id)} onOpen={() => openDetail(item)} />
            ))}
          </ul>
          {media.hasNextPage ? (
            <p className="media-more">
              <button
                type="button"
                className="button button--outline"
                disabled={media.isFetchingNextPage}
                aria-busy={media.isFetchingNextPage || undefined}
                onClick={() => void media.fetchNextPage()}
              >
                {media.isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </button>
            </p>
          ) : null}
        </section>
      )}

      {shown ? (
        <MediaDetails
          key={shown.id}
          item={shown}
          version={versions.get(shown.id)}
          onChanged={setDetail}
          onReplaced={() => setVersions((current) => new Map(current).set(shown.id, Date.now()))}
          onDeleted={() => close(true)}
          onClose={() => close()}
        />
      ) : null}
    </Screen>
  );
}
