import { describe, expect, it } from 'vitest';
import { ServedImageCache, type ServedImage } from './served-images';
import { imageTag } from '../cache/tags';

const image = (bytes: number, fill = 1): ServedImage => ({
  data: Buffer.alloc(bytes, fill),
  contentType: 'image/png',
  etag: `"${bytes}-${fill}"`,
});

/** A load that counts its calls, as the database read does in the app. */
function counted(result: ServedImage | undefined) {
  const load = async () => {
    load.calls += 1;
    return result;
  };
  load.calls = 0;
  return load;
}

describe('the cache of served images', () => {
  it('stays within its bound in bytes, keeping the recently used', async () => {
    const cache = new ServedImageCache({ maxBytes: 10_000, maxImageBytes: 4_000 });
    const hot = counted(image(3_000, 7));
    await cache.read('default', 'about', 'hot', hot);
    for (let i = 0; i < 50; i += 1) {
      await cache.read('default', 'about', `cold-${i}`, counted(image(3_000)));
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
      expect(cache.count).toBeLessThanOrEqual(3);
      // Asked for between the others: never pushed out.
      expect((await cache.read('default', 'about', 'hot', hot))?.etag).toBe('"3000-7"');
    }
    expect(hot.calls).toBe(1);
    expect(cache.bytes).toBe(9_000);
  });

  it('never keeps an image above its size limit, and reads it again each time', async () => {
    const cache = new ServedImageCache({ maxBytes: 10_000, maxImageBytes: 4_000 });
    const big = counted(image(5_000));
    await cache.read('default', 'about', 'big', big);
    await cache.read('default', 'about', 'big', big);
    expect(big.calls).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('reads an image once for a crowd, keeps nothing for a name that does not exist, and keys by tenant', async () => {
    const cache = new ServedImageCache({ maxBytes: 10_000, maxImageBytes: 4_000 });
    const load = counted(image(100));
    const crowd = await Promise.all(Array.from({ length: 5 }, () => cache.read('default', 'about', 'a.png', load)));
    expect(load.calls).toBe(1);
    expect(crowd.every((got) => got?.etag === '"100-1"')).toBe(true);
    const other = counted(undefined);
    expect(await cache.read('acme', 'about', 'a.png', other)).toBeUndefined();
    expect(await cache.read('acme', 'about', 'a.png', other)).toBeUndefined();
    expect(other.calls).toBe(2);
  });

  it("drops deleted images, and on a clear all of that tenant's only", async () => {
    const cache = new ServedImageCache({ maxBytes: 10_000, maxImageBytes: 4_000 });
    const loads = { a: counted(image(10)), b: counted(image(10)), acme: counted(image(10)) };
    const readAll = async () => {
      await cache.read('default', 'about', 'a', loads.a);
      await cache.read('default', 'about', 'b', loads.b);
      await cache.read('acme', 'about', 'a', loads.acme);
    };
    await readAll();
    cache.apply('default', [imageTag('about', 'a')]);
    cache.apply('default', ['page:Home']);
    await readAll();
    expect([loads.a.calls, loads.b.calls, loads.acme.calls]).toEqual([2, 1, 1]);
    cache.apply('default', null);
    await readAll();
    expect([loads.a.calls, loads.b.calls, loads.acme.calls]).toEqual([3, 2, 1]);
  });

  it('keeps nothing from a read that was under way when an image was deleted', async () => {
    const cache = new ServedImageCache({ maxBytes: 10_000, maxImageBytes: 4_000 });
    let finish: (found: ServedImage) => void = () => {};
    const slow = () => new Promise<ServedImage | undefined>((resolve) => (finish = resolve));
    const reading = cache.read('default', 'about', 'a', slow);
    cache.apply('default', [imageTag('about', 'a')]);
    finish(image(10));
    await reading;
    expect(cache.count).toBe(0);
    const again = counted(undefined);
    expect(await cache.read('default', 'about', 'a', again)).toBeUndefined();
    expect(again.calls).toBe(1);
  });
});
