// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type Delivery, type Webhook } from '../../../../core/schemas/webhook';
import {
  buttonNamed as button,
  byLabel as labelled,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../../test-support/dom';
import type { FakeRequest } from '../../test-support/dom';
import { notify } from '../../toasts';
import WebhooksScreen from './webhooks-screen';
import { NO_ENDPOINTS } from './webhook-words';

/**
 * The webhooks screen (docs/design.md §33) against a stand-in for its calls that keeps the endpoints as the server would:
 * the list with each endpoint's state and last delivery, Add endpoint with its events and the secret shown once (Copy),
 * the server's refusal at the address, switch off, Delete behind its question, and an endpoint's delivery log with a
 * delivery's detail (the answer's first KB) and Redeliver.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

const SECRET = `whsec_${'A'.repeat(43)}=`;
let endpoints: Webhook[];
let deliveries: Delivery[];
let refusal: { status: number; data: { message: string; field?: string } } | null;

const endpoint = (id: number, url: string, extra: Partial<Webhook> = {}): Webhook => ({
  id,
  url,
  events: ['page.published'],
  active: true,
  lastStatus: null,
  lastDeliveryAt: null,
  failingSince: null,
  switchedOffAt: null,
  switchedOffWhy: null,
  createdBy: 'hema',
  createdAt: '2026-12-01T09:00:00.000Z',
  ...extra,
});

beforeEach(() => {
  endpoints = [
    endpoint(1, 'https://crm.example.com/hooks', {
      events: ['form.submitted', 'enquiry.received'],
      lastStatus: 'failed',
      lastDeliveryAt: '2026-12-01T10:00:00.000Z',
      failingSince: '2026-12-01T08:00:00.000Z',
    }),
    endpoint(2, 'https://search.example.com/in', {
      active: false,
      switchedOffAt: '2026-12-02T08:00:00.000Z',
      switchedOffWhy: 'every delivery failed since 2026-12-01T08:00:00.000Z.',
    }),
  ];
  deliveries = [
    {
      id: 7,
      event: 'form.submitted',
      attempts: 3,
      status: 'failed',
      responseCode: 500,
      ms: 1234,
      at: '2026-12-01T10:00:00.000Z',
      error: 'The endpoint answered 500 (Internal Server Error).',
      redeliveryOf: null,
    },
  ];
  refusal = null;
  vi.mocked(notify.success).mockClear();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(async () => {}) } });
});

function answer(call: string, body: Record<string, unknown>, { method }: FakeRequest) {
  if (call === 'webhooks' && method === 'GET') return { status: 200, data: { items: endpoints } };
  if (call === 'webhooks' && method === 'POST') {
    if (refusal) return refusal;
    endpoints = [...endpoints, endpoint(3, String(body.url), { events: body.events as Webhook['events'] })];
    return { status: 200, data: { id: 3, secret: SECRET, message: WEBHOOK_MESSAGES.created } };
  }
  if (call === 'webhooks/1/deliveries') return { status: 200, data: { items: deliveries } };
  if (call === 'webhooks/deliveries/7')
    return {
      status: 200,
      data: { ...deliveries[0], webhookId: 1, messageId: 'msg_abc', body: '{"type":"form.submitted"}', answer: 'Oops' },
    };
  if (call === 'webhooks/deliveries/7/redeliver' && method === 'POST') {
    deliveries = [{ ...deliveries[0]!, id: 8, status: 'pending', attempts: 0, redeliveryOf: 7 }, ...deliveries];
    return { status: 200, data: { id: 8, message: WEBHOOK_MESSAGES.redelivered } };
  }
  const switched = /^webhooks\/(\d+)\/active$/.exec(call);
  if (switched) {
    endpoints = endpoints.map((row) =>
      row.id === Number(switched[1]) ? { ...row, active: body.active === true } : row,
    );
    return { status: 200, data: { message: WEBHOOK_MESSAGES.switchedOffByHand } };
  }
  const deleted = /^webhooks\/(\d+)\/delete$/.exec(call);
  if (deleted) {
    endpoints = endpoints.filter((row) => row.id !== Number(deleted[1]));
    return { status: 200, data: { message: WEBHOOK_MESSAGES.deleted } };
  }
  return undefined;
}

const rows = (caption: string) =>
  [...document.querySelectorAll('table')]
    .filter((table) => table.querySelector('caption')?.textContent === caption)
    .flatMap((table) => [...table.querySelectorAll('tbody tr')])
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
const sent = (call: string) => calls.filter((c) => c.call === call);

describe('the webhooks screen', () => {
  it('lists the endpoints with their events, state and last delivery; none says what the screen is for', async () => {
    dom.renderScreen(<WebhooksScreen />);
    await until(() => rows('Endpoints').length === 2, 'the endpoints');
    const [crm, search] = rows('Endpoints');
    expect(crm?.[0]).toBe('https://crm.example.com/hooks');
    expect(crm?.[1]).toBe('form.submittedenquiry.received');
    expect(crm?.[2]).toContain('On, but every delivery has failed since');
    expect(crm?.[3]).toContain('Failed');
    expect(search?.[2]).toContain('Off since');
    expect(search?.[3]).toBe('None yet');
    expect(dom.container.textContent).toContain('2 endpoints, 1 on.');

    endpoints = [];
    await act(async () => dom.queries.invalidateQueries());
    await until(() => dom.container.textContent?.includes(NO_ENDPOINTS), 'the empty sentence');
  });

  it('adds an endpoint with its events and shows its secret once, with Copy', async () => {
    dom.renderScreen(<WebhooksScreen />);
    await until(() => rows('Endpoints').length === 2, 'the endpoints');
    await click(button('Add endpoint')!);
    const dialog = await until(openDialog, 'the form');
    const address = labelled<HTMLInputElement>(dialog, 'Address')!;
    await expectFocus(() => address);
    // Without an event the form says so and sends nothing.
    await type(address, 'https://hooks.example.com/folio');
    await act(async () => dialog.querySelector('form')!.requestSubmit());
    await until(() => dialog.textContent?.includes(WEBHOOK_MESSAGES.events), 'the events’ refusal');
    expect(sent('webhooks').filter((c) => Object.keys(c.body).length > 0)).toEqual([]);
    await click(dialog.querySelector<HTMLInputElement>('#webhook-event-page\\.published')!);
    await click(dialog.querySelector<HTMLInputElement>('#webhook-event-release\\.published')!);
    await act(async () => dialog.querySelector('form')!.requestSubmit());
    const secret = await until(
      () => document.querySelector<HTMLInputElement>('dialog[open] input[readonly]'),
      'secret',
    );
    expect(secret.value).toBe(SECRET);
    expect(sent('webhooks').find((c) => Object.keys(c.body).length > 0)?.body).toEqual({
      url: 'https://hooks.example.com/folio',
      events: ['page.published', 'release.published'],
    });
    await click(button('Copy')!);
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    await click(button('Done')!);
    expect(openDialog()).toBeNull();
    await until(() => rows('Endpoints').length === 3, 'the new endpoint in the list');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("shows the server's refusal of the address at the field", async () => {
    refusal = { status: 400, data: { message: WEBHOOK_MESSAGES.httpsOnly, field: 'url' } };
    dom.renderScreen(<WebhooksScreen />);
    await until(() => rows('Endpoints').length === 2, 'the endpoints');
    await click(button('Add endpoint')!);
    const dialog = await until(openDialog, 'the form');
    const address = labelled<HTMLInputElement>(dialog, 'Address')!;
    await type(address, 'http://hooks.example.com/folio');
    await click(dialog.querySelector<HTMLInputElement>('#webhook-event-page\\.published')!);
    await act(async () => dialog.querySelector('form')!.requestSubmit());
    await until(() => document.getElementById(`${address.id}-error`)?.textContent === WEBHOOK_MESSAGES.httpsOnly, 'x');
    await expectFocus(() => address);
    expect(openDialog()).toBe(dialog);
  });

  it('switches an endpoint off, and deletes one only once asked', async () => {
    dom.renderScreen(<WebhooksScreen />);
    await until(() => rows('Endpoints').length === 2, 'the endpoints');
    await click(button('Switch off https://crm.example.com/hooks')!);
    await until(() => sent('webhooks/1/active').length === 1, 'the switch');
    expect(sent('webhooks/1/active')[0]?.body).toEqual({ active: false });
    await click(button('Delete https://search.example.com/in')!);
    const question = await until(openDialog, 'the question');
    expect(question.textContent).toContain('Delete the endpoint https://search.example.com/in?');
    await click(button('Cancel')!);
    expect(sent('webhooks/2/delete')).toEqual([]);
    await click(button('Delete https://search.example.com/in')!);
    await until(openDialog, 'the question again');
    await click(button('Delete')!);
    await until(() => rows('Endpoints').length === 1, 'the list without it');
    expect(sent('webhooks/2/delete')).toHaveLength(1);
  });

  it("opens an endpoint's delivery log, a delivery's answer on demand, and redelivers it", async () => {
    dom.renderScreen(<WebhooksScreen />);
    await until(() => rows('Endpoints').length === 2, 'the endpoints');
    await click(button('Deliveries to https://crm.example.com/hooks')!);
    const log = 'Deliveries to https://crm.example.com/hooks';
    await until(() => rows(log)[0]?.[0] === 'form.submitted', 'the log');
    expect(rows(log)[0]?.slice(0, 5)).toEqual([
      'form.submitted',
      'FailedThe endpoint answered 500 (Internal Server Error).',
      '3',
      '500',
      '1.2 s',
    ]);
    await click(button('Details of delivery 7')!);
    const detail = await until(openDialog, 'the detail');
    await until(() => detail.textContent?.includes('msg_abc'), 'the detail loaded');
    expect(detail.textContent).toContain('Oops');
    expect(detail.textContent).toContain('"type": "form.submitted"');
    await click(button('Close')!);
    expect(openDialog()).toBeNull();
    await click(button('Redeliver delivery 7')!);
    await until(() => rows(log).length === 2, 'the redelivery at the top');
    expect(rows(log)[0]?.[0]).toBe('form.submittedRedelivery of 7');
    expect(notify.success).toHaveBeenCalledWith(WEBHOOK_MESSAGES.redelivered);
  });
});
