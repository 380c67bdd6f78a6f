import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';
import { formatCount, setStaffCountry, staffLocale } from './staff-locale';

/** Dates and numbers on the staff screens in the firm's own English (docs/design.md §34). */
describe('the staff locale', () => {
  afterEach(() => setStaffCountry(undefined));
  const MOMENT = '2026-11-30T15:05:00.000Z';

  it('is India’s until the session names the firm’s country', () => {
    expect(staffLocale()).toBe('en-IN');
    expect(formatCount(1_000_000)).toBe('10,00,000');
  });

  it('follows a firm in Britain and one in the United States', () => {
    setStaffCountry('GB');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatDateTime(MOMENT, 'UTC')).toBe('30 Nov 2026, 15:05');
    setStaffCountry('US');
    expect(formatDateTime(MOMENT, 'UTC')).toBe('Nov 30, 2026, 3:05 PM');
  });

  it('keeps India’s for a country code that is not one', () => {
    setStaffCountry('GB');
    setStaffCountry('gb; drop');
    expect(staffLocale()).toBe('en-IN');
    expect(formatCount(1_000_000)).toBe('10,00,000');
  });
});
