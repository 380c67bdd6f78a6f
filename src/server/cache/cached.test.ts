import { describe, expect, it } from 'vitest';
import { cached, CacheStore, invalidate, type Invalidation } from './cached';

/** A tenant as the cache sees one: its store. */
const tenantWith = (publish?: (tags: readonly string[]) => void) => ({ cache: new CacheStore(publish) });
type Holder = ReturnType<typeof tenantWith>;

/** A load the test finishes by hand, counting how often it was started. */
function controlledLoad<V>() {
  const state = { started: 0, finishes: [] as Array<(value: V) => void>, fails: [] as Array<(error: Error) => void> };
  const load = () => {
    state.started += 1;
    return new Promise<V>((resolve, reject) => {
      state.finishes.push(resolve);
      state.fails.push(reject);
    });
  };
  return { state, load };
}

let declarations = 0;
/** A cached read of its own per test (declarations are module-wide, their names unique). */
function declare<V extends NonNullable<unknown> | null, I = void>(
  tags: readonly string[] | ((input: I) => readonly string[]),
  load: (tenant: Holder, input: I) => Promise<V>,
) {
  declarations += 1;
  return cached({ name: `cached-test-${declarations}`, tags, load });
}

describe('cached', () => {
  it('answers a value at hand without a promise, and loads it once however many ask meanwhile (single flight)', async () => {
    const tenant = tenantWith();
    const { state, load } = controlledLoad<string>();
    const menu = declare(['menus'], load);
    const asked = Array.from({ length: 20 }, () => menu.get(tenant));
    expect(state.started).toBe(1);
    expect(asked.every((answer) => answer instanceof Promise)).toBe(true);
    state.finishes[0]!('v1');
    expect(await Promise.all(asked)).toEqual(Array(20).fill('v1'));
    expect(menu.get(tenant)).toBe('v1');
    expect(state.started).toBe(1);
  });

  it('keeps nothing from a load that an invalidation of one of its tags overtook; the next ask loads again', async () => {
    const tenant = tenantWith();
    const { state, load } = controlledLoad<string>();
    const document = declare(
      (routing: string) => [`page:${routing}`],
      (_tenant, routing) => load().then((text) => `${routing} ${text}`),
    );
    const first = document.get(tenant, 'Home');
    invalidate(tenant, ['page:Home']);
    state.finishes[0]!('before the publish');
    // Whoever asked before the change gets what was read then, but it is not kept.
    expect(await first).toBe('Home before the publish');
    expect(document.peek(tenant, 'Home')).toBeUndefined();
    const second = document.get(tenant, 'Home');
    expect(second).toBeInstanceOf(Promise);
    expect(state.started).toBe(2);
    state.finishes[1]!('after the publish');
    expect(await second).toBe('Home after the publish');
    expect(document.get(tenant, 'Home')).toBe('Home after the publish');
  });

  it('starts a new load for whoever asks after an invalidation, instead of joining the one from before it', async () => {
    const tenant = tenantWith();
    const { state, load } = controlledLoad<string>();
    const menu = declare(['menus'], load);
    const before = menu.get(tenant);
    invalidate(tenant, ['menus']);
    const after = menu.get(tenant);
    expect(state.started).toBe(2);
    state.finishes[1]!('new');
    state.finishes[0]!('old');
    expect([await before, await after]).toEqual(['old', 'new']);
    // The older load ended last: it neither replaced the newer value nor was kept itself.
    expect(menu.get(tenant)).toBe('new');
  });

  it('leaves loads and values of other tags alone', async () => {
    const tenant = tenantWith();
    const { state, load } = controlledLoad<string>();
    const menu = declare(['menus'], load);
    const company = declare(['company'], async () => 'Innovo');
    await company.get(tenant);
    const loading = menu.get(tenant);
    invalidate(tenant, ['page:Home', 'locales']);
    state.finishes[0]!('menu');
    await loading;
    expect(menu.get(tenant)).toBe('menu');
    invalidate(tenant, ['menus']);
    expect(menu.peek(tenant)).toBeUndefined();
    expect(company.get(tenant)).toBe('Innovo');
  });

  it('tags that depend on the key: a language of a page, or the page in every language', async () => {
    const tenant = tenantWith();
    const keyed = cached({
      name: 'cached-test-keyed',
      tags: ({ routing, locale }: { routing: string; locale: string }) => [
        `page:${routing}`,
        `page:${routing}:${locale}`,
      ],
      key: ({ routing, locale }) => `${routing}@${locale}`,
      load: async (_tenant: Holder, { routing, locale }) => `${routing}@${locale}`,
    });
    const de = { routing: 'Home', locale: 'de' };
    const fr = { routing: 'Home', locale: 'fr' };
    await Promise.all([keyed.get(tenant, de), keyed.get(tenant, fr)]);
    invalidate(tenant, ['page:Home:de']);
    expect([keyed.peek(tenant, de), keyed.peek(tenant, fr)]).toEqual([undefined, 'Home@fr']);
    await keyed.get(tenant, de);
    invalidate(tenant, ['page:Home']);
    expect([keyed.peek(tenant, de), keyed.peek(tenant, fr)]).toEqual([undefined, undefined]);
  });

  it('keeps no failed load: the next ask loads again', async () => {
    const tenant = tenantWith();
    const { state, load } = controlledLoad<string>();
    const menu = declare(['menus'], load);
    const failing = menu.get(tenant);
    state.fails[0]!(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const again = menu.get(tenant);
    state.finishes[1]!('menu');
    expect(await again).toBe('menu');
    expect(menu.get(tenant)).toBe('menu');
  });

  it('keeps null as a value (a language not published yet)', async () => {
    const tenant = tenantWith();
    let loads = 0;
    const none = declare(['page:Home'], async () => ((loads += 1), null));
    expect(await none.get(tenant)).toBeNull();
    expect(none.get(tenant)).toBeNull();
    expect(loads).toBe(1);
  });

  it('publishes what is invalidated here, not what another instance invalidated nor a clear; listeners hear all three', async () => {
    const published: Array<readonly string[]> = [];
    const heard: Invalidation[] = [];
    const tenant = tenantWith((tags) => published.push(tags));
    tenant.cache.onInvalidate((invalidation) => heard.push(invalidation));
    const { state, load } = controlledLoad<string>();
    const menu = declare(['menus'], load);
    invalidate(tenant, ['menus']);
    tenant.cache.applyRemote(['company']);
    // A clear drops everything, loads under way included.
    const loading = menu.get(tenant);
    tenant.cache.clear();
    state.finishes[0]!('menu');
    await loading;
    expect(menu.peek(tenant)).toBeUndefined();
    invalidate(tenant, []);
    expect(published).toEqual([['menus']]);
    expect(heard).toEqual([['menus'], ['company'], null]);
    expect(tenant.cache.count('menus')).toBe(1);
  });

  it('refuses a second declaration of one name', () => {
    cached<Holder, number>({ name: 'cached-test-twice', tags: [], load: async () => 1 });
    expect(() => cached<Holder, number>({ name: 'cached-test-twice', tags: [], load: async () => 1 })).toThrow(
      'declared twice',
    );
  });
});
