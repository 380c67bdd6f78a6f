import { describe, expect, it } from 'vitest';
import { formatDay, formatNumber } from './site-format';

describe('dates and numbers as the public pages show them', () => {
  it('shows a day as the firm writes it, whatever the time zone, and anything else as it was stored', () => {
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDay('2026-02-31')).toBe('2026-02-31');
    expect(formatDay('soon')).toBe('soon');
  });

  it('groups numbers the Indian way, with the decimal places asked for or those typed', () => {
    expect(formatNumber('1200000.50', 2)).toBe('12,00,000.50');
    expect(formatNumber(800000, 2)).toBe('8,00,000.00');
    expect(formatNumber('12.50', null)).toBe('12.50');
    expect(formatNumber(-1234.5, null)).toBe('-1,234.5');
    expect(formatNumber('7.126', 2)).toBe('7.13');
    expect(formatNumber('n/a', 2)).toBe('n/a');
  });
});
