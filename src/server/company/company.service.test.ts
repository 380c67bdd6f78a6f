import { describe, expect, it } from 'vitest';
import { formatIndianPhone } from './company.service';

describe('formatIndianPhone', () => {
  it('writes landlines and mobiles in the international form', () => {
    expect(formatIndianPhone('2045678900')).toBe('+91 20 4567 8900');
    expect(formatIndianPhone('9822012345')).toBe('+91 98220 12345');
  });
  it('leaves anything that is not ten digits as it is', () => {
    expect(formatIndianPhone('+91 20 4567 8900')).toBe('+91 20 4567 8900');
    expect(formatIndianPhone('')).toBe('');
  });
});
