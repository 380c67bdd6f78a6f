import { describe, expect, it } from 'vitest';
import type { PageListRow } from '../../../../core/page-defs/page-definition';
import { livePages, publicAddressOf } from './live-pages';

/** Where visitors open each kind of page, and which pages a deactivated page may send its visitors to. */

type Row = Pick<PageListRow, 'id' | 'code' | 'name' | 'type' | 'homepage' | 'activeStatus'>;
const row = (id: number, code: string, name: string, extra: Partial<Row> = {}): Row => ({
  id,
  code,
  name,
  type: 'wired',
  homepage: 'Y',
  activeStatus: 'Y',
  ...extra,
});

describe('the public address of a page', () => {
  it('is a built-in page’s fixed address, and a page made without code’s name with 1 while it is on the website', () => {
    expect(publicAddressOf(row(2, 'About', 'About us'))).toBe('/About1');
    expect(publicAddressOf(row(40, 'Careers', 'Careers', { type: 'Autowired' }))).toBe('/Careers1');
    expect(publicAddressOf(row(41, 'Internal', 'Internal notes', { type: 'Autowired', homepage: 'N' }))).toBeNull();
    // A back-office screen has none.
    expect(publicAddressOf(row(13, 'homepages', 'Home Pages', { homepage: 'N' }))).toBeNull();
  });
});

describe('the live pages', () => {
  it('are the active pages with a public address, by name', () => {
    const rows = [
      row(13, 'homepages', 'Home Pages', { homepage: 'N' }),
      row(40, 'Careers', 'Careers', { type: 'Autowired' }),
      row(2, 'About', 'About us'),
      row(3, 'Bespoke', 'Bespoke software', { activeStatus: 'N' }),
      row(41, 'Internal', 'Internal notes', { type: 'Autowired', homepage: 'N' }),
      row(42, 'Events', 'Events', { type: 'Autowired', activeStatus: 'N' }),
    ];
    expect(livePages(rows)).toEqual([
      { name: 'About us', path: '/About1' },
      { name: 'Careers', path: '/Careers1' },
    ]);
  });
});
