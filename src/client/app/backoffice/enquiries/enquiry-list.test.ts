import { describe, expect, it } from 'vitest';
import {
  EnquiryExportQuerySchema,
  EnquiryListRequestSchema,
  type EnquiryList,
  type EnquiryMail,
  type EnquiryRow,
} from '../../../../core/schemas/enquiries';
import { formatDateTime } from '../../lib/date-time';
import { actionSlots } from './enquiry-actions';
import {
  FIRST_PAGE,
  MAIL_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  emptyMessage,
  enquiryActions,
  exportUrl,
  listRequest,
  listedUnder,
  mailInFlight,
  mailtoHref,
  sameQuery,
  telHref,
} from './enquiry-list';

const mail = (state: EnquiryMail['state']): EnquiryMail => ({
  state,
  attempts: 0,
  lastError: null,
  sentAt: null,
  nextAttemptAt: null,
});
const row = (status: EnquiryRow['status'], state: EnquiryMail['state']) => ({ status, mail: mail(state) });

describe('the list call', () => {
  it('sends only the filters that are set, in the contract shape', () => {
    expect(listRequest(FIRST_PAGE)).toEqual({ pageno: 1 });
    const full = listRequest({ searchText: 'acme', status: 'Spam', mailState: 'failed', pageno: 3 });
    expect(full).toEqual({ pageno: 3, searchText: 'acme', status: 'Spam', mailState: 'failed' });
    // What the server's schema reads back is what was sent.
    expect(EnquiryListRequestSchema.parse(full)).toEqual(full);
  });

  it('tells a query asked again from a new one', () => {
    expect(sameQuery(FIRST_PAGE, { ...FIRST_PAGE })).toBe(true);
    expect(sameQuery(FIRST_PAGE, { ...FIRST_PAGE, pageno: 2 })).toBe(false);
    expect(sameQuery(FIRST_PAGE, { ...FIRST_PAGE, status: 'New' })).toBe(false);
    expect(sameQuery(FIRST_PAGE, { ...FIRST_PAGE, mailState: 'sent' })).toBe(false);
    expect(sameQuery(FIRST_PAGE, { ...FIRST_PAGE, searchText: 'a' })).toBe(false);
  });
});

describe('the CSV link', () => {
  it('is the bare export without filters', () => {
    expect(exportUrl(FIRST_PAGE)).toBe('/api/master/enquiries.csv');
  });

  it('carries the search and the filters as query parameters, encoded', () => {
    const url = exportUrl({ searchText: 'Tata & Sons #1', status: 'Handled', mailState: 'retrying' });
    expect(url).toBe('/api/master/enquiries.csv?searchText=Tata+%26+Sons+%231&status=Handled&mailState=retrying');
    const params = Object.fromEntries(new URL(url, 'http://folio.test').searchParams);
    expect(params).toEqual({ searchText: 'Tata & Sons #1', status: 'Handled', mailState: 'retrying' });
    // The server's export schema reads them as the same filters.
    expect(EnquiryExportQuerySchema.parse(params)).toEqual(params);
  });

  it('leaves out what is not filtered', () => {
    expect(exportUrl({ searchText: '', status: 'Spam', mailState: '' })).toBe('/api/master/enquiries.csv?status=Spam');
    expect(exportUrl({ searchText: 'x', status: '', mailState: 'none' })).toBe(
      '/api/master/enquiries.csv?searchText=x&mailState=none',
    );
  });
});

describe('the filters', () => {
  it('offer All (New and Handled) and each status', () => {
    expect(STATUS_FILTER_OPTIONS.map((option) => [option.value, option.label])).toEqual([
      ['', 'All (New and Handled)'],
      ['New', 'New'],
      ['Handled', 'Handled'],
      ['Spam', 'Spam'],
    ]);
  });

  it("offer any mail state, in the contract's words", () => {
    expect(MAIL_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'Any',
      'Waiting to be sent',
      'Sent',
      'Retrying',
      'Failed',
      'Not mailed',
    ]);
  });

  it('know what the default list shows: New and Handled, not Spam', () => {
    expect(listedUnder('', 'New')).toBe(true);
    expect(listedUnder('', 'Handled')).toBe(true);
    expect(listedUnder('', 'Spam')).toBe(false);
    expect(listedUnder('Spam', 'Spam')).toBe(true);
    expect(listedUnder('New', 'Handled')).toBe(false);
  });
});

describe('the empty list', () => {
  it('says nothing came in yet when nothing was asked', () => {
    expect(emptyMessage(FIRST_PAGE)).toBe('No enquiries yet');
  });

  it('names what was searched and filtered', () => {
    expect(emptyMessage({ ...FIRST_PAGE, searchText: 'acme' })).toBe("No enquiries match 'acme'");
    expect(emptyMessage({ ...FIRST_PAGE, status: 'Spam' })).toBe('No Spam enquiries');
    expect(emptyMessage({ ...FIRST_PAGE, mailState: 'failed' })).toBe('No enquiries (Mail: Failed)');
    expect(emptyMessage({ searchText: 'acme', status: 'Handled', mailState: 'queued', pageno: 1 })).toBe(
      "No Handled enquiries match 'acme' (Mail: Waiting to be sent)",
    );
  });
});

describe('the actions of a row', () => {
  it('mark a new enquiry handled, and a handled one new again', () => {
    expect(enquiryActions(row('New', 'sent')).statusChange).toBe('Handled');
    expect(enquiryActions(row('Handled', 'sent')).statusChange).toBe('New');
    expect(enquiryActions(row('Spam', 'none')).statusChange).toBeNull();
  });

  it('mark as spam, or set spam right', () => {
    expect(enquiryActions(row('New', 'sent')).spamChange).toBe('Spam');
    expect(enquiryActions(row('Handled', 'queued')).spamChange).toBe('Spam');
    expect(enquiryActions(row('Spam', 'none')).spamChange).toBe('New');
  });

  it('offer Resend for a failed mail, or an unmailed enquiry that is no spam, only', () => {
    const resend = (status: EnquiryRow['status'], state: EnquiryMail['state']) =>
      enquiryActions(row(status, state)).resend;
    expect(resend('New', 'failed')).toBe(true);
    expect(resend('Handled', 'failed')).toBe(true);
    expect(resend('Spam', 'failed')).toBe(true);
    expect(resend('New', 'none')).toBe(true);
    expect(resend('Spam', 'none')).toBe(false);
    for (const state of ['queued', 'sent', 'retrying'] as const) expect(resend('New', state)).toBe(false);
  });

  it('keep each action of a row in its place, with gaps for the ones not offered', () => {
    expect(actionSlots(row('New', 'sent'), 'row')).toEqual(['view', 'handled', null, 'delete']);
    expect(actionSlots(row('Handled', 'failed'), 'row')).toEqual(['view', 'new', 'resend', 'delete']);
    expect(actionSlots(row('Spam', 'none'), 'row')).toEqual(['view', null, null, 'delete']);
    expect(actionSlots(row('New', 'none'), 'row')).toEqual(['view', 'handled', 'resend', 'delete']);
  });

  it('offer spam and not spam in the detail view', () => {
    expect(actionSlots(row('New', 'sent'), 'detail')).toEqual(['handled', 'spam', null, 'delete']);
    expect(actionSlots(row('Handled', 'failed'), 'detail')).toEqual(['new', 'spam', 'resend', 'delete']);
    expect(actionSlots(row('Spam', 'none'), 'detail')).toEqual([null, 'notSpam', null, 'delete']);
  });
});

describe('looking again while a mail is on its way', () => {
  const list = (mailConfigured: boolean, ...states: Array<EnquiryMail['state']>): EnquiryList => ({
    items: states.map((state, index) => ({
      id: index + 1,
      createdAt: '2026-11-22T10:00:00Z',
      organization: '',
      name: 'A',
      email: 'a@example.in',
      mobile: '9822012345',
      requirements: 'x',
      status: 'New',
      mail: mail(state),
    })),
    totalItems: states.length,
    totalCapped: false,
    next: null,
    mailConfigured,
  });

  it('looks again while a mail waits or retries', () => {
    expect(mailInFlight(list(true, 'sent', 'queued'))).toBe(true);
    expect(mailInFlight(list(true, 'retrying'))).toBe(true);
    expect(mailInFlight(list(false, 'retrying'))).toBe(true);
  });

  it('does not while every mail is settled, nor while mail is not set up (a waiting mail stays waiting)', () => {
    expect(mailInFlight(list(true, 'sent', 'failed', 'none'))).toBe(false);
    expect(mailInFlight(list(false, 'queued'))).toBe(false);
    expect(mailInFlight(undefined)).toBe(false);
  });
});

describe('the contact links', () => {
  it('dial a ten-digit mobile with the Indian prefix', () => {
    expect(telHref('9822012345')).toBe('tel:+919822012345');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('write to the address, escaping what would start a query', () => {
    expect(mailtoHref('kavita@example.in')).toBe('mailto:kavita@example.in');
    expect(mailtoHref('a?cc=b@x.in')).toBe('mailto:a%3Fcc=b@x.in');
  });
});

describe('the received time', () => {
  it('reads as a date and a time in the given zone', () => {
    expect(formatDateTime('2026-11-22T10:05:00Z', 'Asia/Kolkata')).toBe(
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
        new Date('2026-11-22T10:05:00Z'),
      ),
    );
    expect(formatDateTime('2026-11-22T10:05:00Z', 'Asia/Kolkata')).toMatch(/22 Nov 2026.*3:35/);
  });

  it('shows a value that is no date as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
