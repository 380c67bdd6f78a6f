import { LRUCache } from 'lru-cache';
import type { Invalidation } from '../cache/cached';
import { IMAGE_TAG } from '../cache/tags';

/** An image as served: its bytes, its content type and its ETag. */
export interface ServedImage {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** Image bytes kept in memory by one process, all tenants together. */
export const SERVED_IMAGES_MAX_BYTES = 32 * 1024 * 1024;
/** Larger images are always read from the database: one of them would push many small hot ones out. */
export const SERVED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The images this process served lately (docs/design.md §8), so that hot images stay off the database: least recently
 * used first out, bounded in bytes across tenants, keyed by tenant, folder and name. Names are never reused; an
 * image changes only when it is deleted or replaced in the media library (new bytes under its name), and either
 * reaches every instance's cache through the image's tag (`apply`, fed by the tenant's cache store, cache/cached.ts;
 * decision 013).
 */
export class ServedImageCache {
  private readonly entries: LRUCache<string, ServedImage>;
  /** Reads under way, so that a crowd asking for an image not yet kept reads it once. */
  private readonly reading = new Map<string, Promise<ServedImage | undefined>>();
  /** Counts the changes that dropped images: a read begun before one keeps nothing, as it may be of a deleted image. */
  private drops = 0;

  constructor(
    limits: { maxBytes: number; maxImageBytes: number } = {
      maxBytes: SERVED_IMAGES_MAX_BYTES,
      maxImageBytes: SERVED_IMAGE_MAX_BYTES,
    },
  ) {
    this.entries = new LRUCache<string, ServedImage>({
      maxSize: limits.maxBytes,
      maxEntrySize: limits.maxImageBytes,
      sizeCalculation: (image) => Math.max(1, image.data.length),
    });
  }

  /** The image, from memory or else from `load` (kept when small enough); undefined when `load` finds none. */
  read(
    tenant: string,
    folder: string,
    name: string,
    load: () => Promise<ServedImage | undefined>,
  ): ServedImage | Promise<ServedImage | undefined> {
    const key = keyOf(tenant, folder, name);
    const kept = this.entries.get(key);
    if (kept) return kept;
    const running = this.reading.get(key);
    if (running) return running;
    const drops = this.drops;
    const reading = load()
      .then((image) => {
        if (image && drops === this.drops) this.entries.set(key, image);
        return image;
      })
      .finally(() => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
      });
    this.reading.set(key, reading);
    return reading;
  }

  /** An invalidation of a tenant's cache: the images whose tags it names are dropped, and a clear drops all of the tenant's. */
  apply(tenant: string, invalidation: Invalidation): void {
    if (invalidation !== null) {
      const images = invalidation.filter((tag) => tag.startsWith(IMAGE_TAG));
      if (images.length === 0) return;
      this.drops += 1;
      for (const tag of images) {
        // The tag ends with `folder/name`, as the key does (cache/tags.ts imageTag).
        const key = `${tenant}/${tag.slice(IMAGE_TAG.length)}`;
        this.entries.delete(key);
        this.reading.delete(key);
      }
      return;
    }
    this.drops += 1;
    const prefix = `${tenant}/`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of [...this.reading.keys()]) if (key.startsWith(prefix)) this.reading.delete(key);
  }

  /** Bytes held now (never above the bound). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }
}

// Tenant names, image folders and generated names never contain a slash.
const keyOf = (tenant: string, folder: string, name: string) => `${tenant}/${folder}/${name}`;
