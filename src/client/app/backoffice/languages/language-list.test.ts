import { describe, expect, it } from 'vitest';
import { differs, listOf, settingsOf } from './language-list';

describe("the languages screen's working copy", () => {
  const stored = { defaultLocale: 'en-IN', locales: [{ code: 'en-IN', name: 'English', enabled: true }], revision: 4 };

  it("sends back the revision it was read at, so that a save after someone else's is refused (409), not a silent overwrite", () => {
    expect(settingsOf(listOf(stored))).toEqual(stored);
    expect(settingsOf(listOf({ defaultLocale: 'en-IN', locales: stored.locales }))).toEqual({
      defaultLocale: 'en-IN',
      locales: stored.locales,
    });
  });

  it('differs from the stored settings by its languages only', () => {
    expect(differs(listOf(stored), stored)).toBe(false);
    expect(differs(listOf(stored), { ...stored, revision: 5 })).toBe(false);
    expect(
      differs(listOf(stored), {
        ...stored,
        locales: [...stored.locales, { code: 'de', name: 'Deutsch', enabled: true }],
      }),
    ).toBe(true);
  });
});
