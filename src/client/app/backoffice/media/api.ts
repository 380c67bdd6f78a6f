import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  parseStoredImageName,
  UPLOADS_PATH,
  variantName,
  variantWidths,
  type ImageFolder,
} from '../../../../core/media/image-names';
import {
  MediaInUseSchema,
  MediaItemSchema,
  MediaListSchema,
  type MediaItem,
  type MediaList,
  type MediaUpdate,
  type MediaUse,
} from '../../../../core/schemas/media';
import { z } from 'zod';
import type { JsonResponse } from '../../../lib/http';
import { api, ApiError, apiUrl, FALLBACK_MESSAGE, UNREACHABLE_MESSAGE } from '../../lib/api';
import { postFormWithProgress } from '../../lib/upload';
import * as mediaApi from '../../../../core/api/media';

/**
 * The media library's calls (docs/design.md §27): its pages (48 each, keyset), an image's alt text and focal point, its
 * picture replaced under the same address, its deletion (refused while something shows it). Each answer is read
 * through its core schema (core/schemas/media.ts).
 */

/** What the list is filtered by: the search text (title, name and alt text) and whether only unused images show. */
export interface MediaFilter {
  search: string;
  unused: boolean;
}

/** Every query of the feature: a change to one image may move it in or out of any filtered list. */
const MEDIA_KEY = ['media'] as const;

/** The query of one page of the list under `filter`, after the cursor of the page before. */
export function mediaListQuery({ search, unused }: MediaFilter, after: string | undefined) {
  return { ...(search ? { search } : {}), ...(unused ? { unused: '1' as const } : {}), ...(after ? { after } : {}) };
}

/** The library, newest first, a page at a time: `fetchNextPage` is Load more (the answer's `next` leads on). */
export function useMediaPages(filter: MediaFilter) {
  return useInfiniteQuery({
    queryKey: [...MEDIA_KEY, 'list', filter],
    queryFn: async ({ pageParam }) =>
      MediaListSchema.parse(await api(mediaApi.listMedia, { query: mediaListQuery(filter, pageParam) })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MediaList) => last.next ?? undefined,
    // The grid stays while another search's first page comes, rather than blinking to a spinner at each word.
    placeholderData: keepPreviousData,
  });
}

/** Puts an image's new state into every loaded page that lists it (before the lists are asked again). */
function useKeepListed() {
  const queryClient = useQueryClient();
  return (item: MediaItem) => {
    queryClient.setQueriesData<InfiniteData<MediaList>>({ queryKey: [...MEDIA_KEY, 'list'] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((listed) => (listed.id === item.id ? item : listed)),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: MEDIA_KEY });
  };
}

/** Sets an image's title, alt text and focal point (0 to 1); a refusal is an ApiError naming its field (title, alt, focalX, focalY). */
export function useSaveMediaDetails() {
  const keepListed = useKeepListed();
  return useMutation({
    mutationFn: async ({ id, details }: { id: number; details: MediaUpdate }) =>
      MediaItemSchema.parse(await api(mediaApi.updateMediaItem, { params: { id }, body: details })),
    onSuccess: keepListed,
  });
}

/**
 * One image as the server knows it now, with where it is used: Delete asks it before it asks anything (docs/design.md §34),
 * since the list may be older than a page saved since.
 */
export async function readMediaItem(id: number): Promise<MediaItem> {
  return MediaItemSchema.parse(await api(mediaApi.getMediaItem, { params: { id } }));
}

/** A delete refused because something shows the image: the server's sentence and the places. */
export class ImageInUseError extends Error {
  readonly usedBy: MediaUse[];

  constructor(message: string, usedBy: MediaUse[]) {
    super(message);
    this.name = 'ImageInUseError';
    this.usedBy = usedBy;
  }
}

/** Deletes an unused image; while it is used, rejects with an ImageInUseError (the 409's sentence and places). */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await api(mediaApi.deleteMediaItem, { params: { id } });
      } catch (error) {
        const inUse = error instanceof ApiError && error.status === 409 ? MediaInUseSchema.safeParse(error.data) : null;
        if (inUse?.success) throw new ImageInUseError(inUse.data.message, inUse.data.usedBy);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEDIA_KEY }),
  });
}

/**
 * Sends a new picture for an image, with its upload's progress. Resolves with the image as the server now lists
 * it; rejects with an ApiError carrying the server's sentence (413 too large, 415 not an image).
 */
async function sendReplacement(id: number, file: File, onProgress: (fraction: number) => void): Promise<MediaItem> {
  const form = new FormData();
  form.append('file', file);
  let answer: JsonResponse<unknown>;
  try {
    answer = await postFormWithProgress(apiUrl(mediaApi.replaceMediaImage, { params: { id } }), form, onProgress);
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  const item = answer.ok ? MediaItemSchema.safeParse(answer.data) : null;
  if (item?.success) return item.data;
  const message = MessageSchema.safeParse(answer.data);
  throw new ApiError(answer.status, message.success ? message.data.message : FALLBACK_MESSAGE);
}

/** A refusal's body: its sentence. */
const MessageSchema = z.object({ message: z.string().min(1) });

/** Replaces an image's picture under the same address; `onProgress` hears how far the upload got (0 to 1). */
export function useReplaceMedia() {
  const keepListed = useKeepListed();
  return useMutation({
    mutationFn: async ({
      id,
      file,
      onProgress,
    }: {
      id: number;
      file: File;
      onProgress: (fraction: number) => void;
    }) => {
      const item = await sendReplacement(id, file, onProgress);
      await refreshCachedCopies(item);
      return item;
    },
    onSuccess: keepListed,
  });
}

/** The width of the WebP copy a thumbnail shows: two columns of a phone, sharp on a screen of twice the density. */
const THUMB_WIDTH = 320;

/**
 * The address a thumbnail loads: the image's 320-pixel WebP copy (docs/design.md §8), or, for an image that narrow or
 * narrower, the image itself; versioned like the picture (below).
 */
export function thumbnailUrl(
  item: Pick<MediaItem, 'folder' | 'name' | 'url' | 'width' | 'bytes'>,
  version?: number,
): string {
  const stored = parseStoredImageName(item.folder as ImageFolder, item.name);
  const address =
    stored && item.width > THUMB_WIDTH
      ? `${UPLOADS_PATH}${item.folder}/${variantName(stored.stem, THUMB_WIDTH)}`
      : item.url;
  return versioned(address, item, version);
}

/**
 * An image's address as the screen loads it, versioned (the server ignores the query): images are cached an hour
 * under their address (decision 025) and a replace keeps the address, so a browser that showed the old picture
 * would show it again for that hour, and here, of all places, the picture shown must be the one stored. The
 * version is the size in bytes (another administrator's replace usually changes it) and, on this screen after a
 * replace made here, when it was made (two pictures of one colour and size have the same bytes).
 */
export const versioned = (address: string, item: Pick<MediaItem, 'bytes'>, version: number | undefined) =>
  `${address}?v=${item.bytes}${version ? `.${version}` : ''}`;

/**
 * After a replace made in this browser: every address of the picture (the original and its WebP copies, bare as
 * pages show them and versioned as this screen does) is fetched again past the browser's cache, which keeps the
 * new bytes from then on. Pages and editors opened here afterwards show the new picture at once, not after the
 * hour of the cache (other browsers get it when their copy expires, as visitors do: decision 025).
 */
export async function refreshCachedCopies(item: Pick<MediaItem, 'folder' | 'name' | 'url' | 'bytes'>): Promise<void> {
  const stored = parseStoredImageName(item.folder as ImageFolder, item.name);
  const copies = stored
    ? variantWidths(stored.width).map((width) => `${UPLOADS_PATH}${item.folder}/${variantName(stored.stem, width)}`)
    : [];
  const addresses = [item.url, ...copies].flatMap((address) => [address, versioned(address, item, undefined)]);
  // A copy that cannot be fetched now is fetched by the next page that shows it: nothing to report.
  await Promise.allSettled(addresses.map((address) => fetch(address, { cache: 'reload', credentials: 'same-origin' })));
}
