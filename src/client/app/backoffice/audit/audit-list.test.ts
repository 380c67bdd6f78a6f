import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_AREAS,
  AuditExportQuerySchema,
  AuditListRequestSchema,
  auditRange,
} from '../../../../core/schemas/audit';
import {
  ACTION_GROUPS,
  FIRST_PAGE,
  NO_FILTERS,
  TARGET_TYPES,
  actionLabel,
  dayBound,
  emptyMessage,
  entryCount,
  exportUrl,
  filterRequest,
  isDay,
  listRequest,
  localIsoTime,
  paramsFromQuery,
  queryFromParams,
  readDetails,
  readableValue,
  targetTypeOptions,
  utcTime,
} from './audit-list';

// The firm's days are the viewer's local days: these tests run in India (no summer time), one in London.
vi.hoisted(() => {
  process.env.TZ = 'Asia/Kolkata';
});

afterEach(() => {
  process.env.TZ = 'Asia/Kolkata';
});

describe('the address of the screen', () => {
  it('holds only the filters that are set, and the page past the first', () => {
    expect(paramsFromQuery(FIRST_PAGE).toString()).toBe('');
    const query = {
      userName: 'admin',
      action: 'group',
      targetType: 'group menu',
      from: '2026-11-01',
      to: '2026-11-25',
      pageno: 3,
    };
    const params = paramsFromQuery(query);
    expect(params.toString()).toBe('user=admin&action=group&target=group+menu&from=2026-11-01&to=2026-11-25&page=3');
    // Read back, it is the same list (Back and a reload show what was shown).
    expect(queryFromParams(params)).toEqual(query);
  });

  it('reads what is missing or unreadable as no filter, and a page that is no number as the first', () => {
    expect(queryFromParams(new URLSearchParams(''))).toEqual(FIRST_PAGE);
    expect(queryFromParams(new URLSearchParams('page=abc&user=%20%20'))).toEqual(FIRST_PAGE);
    expect(queryFromParams(new URLSearchParams('page=0')).pageno).toBe(1);
    expect(queryFromParams(new URLSearchParams('page=-2')).pageno).toBe(1);
    expect(queryFromParams(new URLSearchParams('page=7')).pageno).toBe(7);
  });
});

describe('the days of the filter', () => {
  it('are the local day from its first to its last millisecond, with the local offset', () => {
    expect(dayBound('2026-11-25', false)).toBe('2026-11-25T00:00:00.000+05:30');
    expect(dayBound('2026-11-25', true)).toBe('2026-11-25T23:59:59.999+05:30');
    // The server reads them as the same moments (UTC) and accepts them.
    expect(auditRange({ from: dayBound('2026-11-25', false), to: dayBound('2026-11-25', true) })).toEqual({
      from: '2026-11-24T18:30:00.000Z',
      to: '2026-11-25T18:29:59.999Z',
    });
  });

  it('keep each end of a day that changes to summer time right', () => {
    process.env.TZ = 'Europe/London';
    // 29 March 2026: the clocks go from GMT to BST at 01:00.
    expect(dayBound('2026-03-29', false)).toBe('2026-03-29T00:00:00.000+00:00');
    expect(dayBound('2026-03-29', true)).toBe('2026-03-29T23:59:59.999+01:00');
    expect(localIsoTime(new Date('2026-07-01T12:00:00Z'))).toBe('2026-07-01T13:00:00.000+01:00');
  });

  it('know a day of the calendar from what is none', () => {
    expect(isDay('2026-11-25')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('25/11/2026')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('send anything that is no day as it came, for the server to answer with its sentence', () => {
    expect(dayBound('yesterday', false)).toBe('yesterday');
    const refused = AuditListRequestSchema.safeParse(listRequest({ ...FIRST_PAGE, from: 'yesterday' }));
    expect(refused.success).toBe(false);
  });
});

describe('the list call and the CSV link', () => {
  it('send only the filters that are set, in the contract shape the server accepts', () => {
    expect(listRequest(FIRST_PAGE)).toEqual({ pageno: 1 });
    const body = listRequest({
      userName: 'asha',
      action: 'page.publish',
      targetType: 'page',
      from: '2026-11-01',
      to: '2026-11-02',
      pageno: 2,
    });
    expect(body).toEqual({
      pageno: 2,
      userName: 'asha',
      action: 'page.publish',
      targetType: 'page',
      from: '2026-11-01T00:00:00.000+05:30',
      to: '2026-11-02T23:59:59.999+05:30',
    });
    expect(AuditListRequestSchema.parse(body)).toEqual(body);
  });

  it('is the bare export without filters', () => {
    expect(exportUrl(NO_FILTERS)).toBe('/api/master/auditlog.csv');
  });

  it('carries the filters of the list as query parameters, encoded, that the export reads as the same filters', () => {
    const filters = { userName: 'Tata & Sons', action: 'group', targetType: 'group menu', from: '2026-11-01', to: '' };
    const url = exportUrl(filters);
    expect(url).toBe(
      '/api/master/auditlog.csv?userName=Tata+%26+Sons&action=group&targetType=group+menu&from=2026-11-01T00%3A00%3A00.000%2B05%3A30',
    );
    const params = Object.fromEntries(new URL(url, 'http://folio.test').searchParams);
    expect(AuditExportQuerySchema.parse(params)).toEqual(filterRequest(filters));
    expect(params.from).toBe('2026-11-01T00:00:00.000+05:30');
  });
});

describe('the Action filter', () => {
  it('offers every area as all of its actions, and every action of the contract once', () => {
    expect(ACTION_GROUPS.map((group) => group.area)).toEqual(AUDIT_AREAS);
    const page = ACTION_GROUPS.find((group) => group.area === 'page')!;
    expect(page.options.map((option) => option.label)).toEqual([
      'All page actions',
      'page.publish',
      'page.draft',
      'page.schedule',
      'page.unschedule',
      'page.publish_failed',
      'page.reschedule',
      'page.restore',
    ]);
    expect(page.options[0]?.value).toBe('page');
    const actions = ACTION_GROUPS.flatMap((group) => group.options.slice(1).map((option) => option.value));
    expect(actions).toEqual([...AUDIT_ACTIONS]);
    // Every value is one the server's filter accepts.
    for (const option of ACTION_GROUPS.flatMap((group) => group.options))
      expect(AuditListRequestSchema.safeParse({ pageno: 1, action: option.value }).success).toBe(true);
  });

  it('names a value by its option, or by itself when the address carries another', () => {
    expect(actionLabel('')).toBe('All actions');
    expect(actionLabel('group')).toBe('All group actions');
    expect(actionLabel('group.create')).toBe('group.create');
    expect(actionLabel('cli.backup')).toBe('cli.backup');
  });
});

describe('the Target type filter', () => {
  it('offers any target and each kind the back office writes, and keeps one the address names', () => {
    expect(targetTypeOptions('').map((option) => option.value)).toEqual(['', ...TARGET_TYPES]);
    expect(targetTypeOptions('').map((option) => option.label)[0]).toBe('Any target');
    expect(targetTypeOptions('group menu')).toHaveLength(TARGET_TYPES.length + 1);
    expect(targetTypeOptions('backup').at(-1)).toEqual({ value: 'backup', label: 'backup' });
  });
});

describe('the empty list', () => {
  it('says nothing is recorded yet when nothing was filtered', () => {
    expect(emptyMessage(NO_FILTERS)).toMatch(/^The audit log has no entries yet\./);
  });

  it('names the one filter to loosen', () => {
    expect(emptyMessage({ ...NO_FILTERS, action: 'page.restore' })).toBe(
      'No entries match Action: page.restore. Loosen or clear the Action filter to see more.',
    );
    expect(emptyMessage({ ...NO_FILTERS, userName: 'ash' })).toBe(
      'No entries match User name: “ash”. Loosen or clear the User name filter to see more. The user name must be a whole user name (any case).',
    );
  });

  it('names every filter set when several found nothing together', () => {
    expect(emptyMessage({ ...NO_FILTERS, action: 'group', targetType: 'page', from: '2026-11-25' })).toBe(
      'No entries match Action: All group actions, Target type: page and From: 25 Nov 2026 together. Loosen or clear one of these filters (Action, Target type and From) to see more.',
    );
  });
});

describe('counts and times', () => {
  it('count entries in words', () => {
    expect(entryCount(0)).toBe('0 entries');
    expect(entryCount(1)).toBe('1 entry');
    expect(entryCount(41)).toBe('41 entries');
    expect(entryCount(100000)).toBe('1,00,000 entries');
    // A capped count: the log holds more than the server counted.
    expect(entryCount(10_000, true)).toBe('More than 10,000 entries');
  });

  it('give the whole UTC moment', () => {
    expect(utcTime('2026-11-25T10:00:05.123Z')).toBe('2026-11-25 10:00:05.123 UTC');
    expect(utcTime('soon')).toBe('soon');
  });
});

describe("an entry's details", () => {
  it('read each {before, after} as a change of its field, at any depth, and the rest as facts', () => {
    const read = readDetails({
      item: 12,
      name: { before: 'Writers', after: 'Authors' },
      requireTwoFactor: { before: false, after: true },
      parentId: { before: null, after: 3 },
      added: ['Email', 'Mobile'],
      removed: [],
      changed: { Email: { mandatory: { before: 'N', after: 'Y' } } },
      fields: ['title', 'body'],
      note: '',
    });
    expect(read.changes).toEqual([
      { field: 'name', before: { kind: 'text', text: 'Writers' }, after: { kind: 'text', text: 'Authors' } },
      { field: 'requireTwoFactor', before: { kind: 'text', text: 'No' }, after: { kind: 'text', text: 'Yes' } },
      { field: 'parentId', before: { kind: 'none' }, after: { kind: 'text', text: '3' } },
      { field: 'changed › Email › mandatory', before: { kind: 'text', text: 'N' }, after: { kind: 'text', text: 'Y' } },
    ]);
    expect(read.facts).toEqual([
      { term: 'item', value: { kind: 'text', text: '12' } },
      { term: 'added', value: { kind: 'text', text: 'Email, Mobile' } },
      { term: 'removed', value: { kind: 'none' } },
      { term: 'fields', value: { kind: 'text', text: 'title, body' } },
      { term: 'note', value: { kind: 'empty' } },
    ]);
  });

  it('show an empty record as none, and a record with more than before and after as facts', () => {
    expect(readDetails({ changed: {} }).facts).toEqual([{ term: 'changed', value: { kind: 'none' } }]);
    expect(readDetails({ mail: { before: 'failed', after: 'queued', extra: 1 } })).toEqual({
      changes: [],
      facts: [
        { term: 'mail › before', value: { kind: 'text', text: 'failed' } },
        { term: 'mail › after', value: { kind: 'text', text: 'queued' } },
        { term: 'mail › extra', value: { kind: 'text', text: '1' } },
      ],
    });
  });

  it('keep markup as the words it is', () => {
    expect(readableValue('<img src=x onerror=alert(1)>')).toEqual({
      kind: 'text',
      text: '<img src=x onerror=alert(1)>',
    });
    expect(readableValue([{ a: 1 }, true, null])).toEqual({ kind: 'text', text: '{"a":1}, Yes, none' });
  });
});
