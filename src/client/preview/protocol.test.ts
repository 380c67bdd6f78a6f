import { describe, expect, it } from 'vitest';
import { editorMessageOf, frameMessageOf, PREVIEW_CHANNEL } from './protocol';

// docs/design.md §26: each side reads the other's messages only through these parsers; anything of another shape is dropped.
const from = (message: object) => ({ channel: PREVIEW_CHANNEL, ...message });

describe('the messages from the preview frame', () => {
  it('reads each message of the protocol as it is', () => {
    expect(frameMessageOf(from({ type: 'ready', fields: ['lead', 'skillList.1.skillName'], scrollY: 120 }))).toEqual(
      from({ type: 'ready', fields: ['lead', 'skillList.1.skillName'], scrollY: 120 }),
    );
    expect(frameMessageOf(from({ type: 'select', field: 'document.rows.0.role' }))).toEqual(
      from({ type: 'select', field: 'document.rows.0.role' }),
    );
    expect(frameMessageOf(from({ type: 'open-comments', field: 'seo.title' }))).toEqual(
      from({ type: 'open-comments', field: 'seo.title' }),
    );
    expect(frameMessageOf(from({ type: 'scroll', y: 0 }))).toEqual(from({ type: 'scroll', y: 0 }));
    expect(frameMessageOf(from({ type: 'rendered', serial: 4, fields: ['lead'] }))).toEqual(
      from({ type: 'rendered', serial: 4, fields: ['lead'] }),
    );
    expect(frameMessageOf(from({ type: 'reload', serial: 5 }))).toEqual(from({ type: 'reload', serial: 5 }));
    const finding = {
      check: 'alt',
      severity: 'problem',
      message: 'An image has no alternative text.',
      field: 'description',
    };
    expect(frameMessageOf(from({ type: 'checks', id: 3, findings: [finding] }))).toEqual(
      from({ type: 'checks', id: 3, findings: [finding] }),
    );
  });

  it.each([
    ['no channel', { type: 'select', field: 'lead' }],
    ['another channel', { channel: 'other', type: 'select', field: 'lead' }],
    ['an unknown type', from({ type: 'navigate', to: '/' })],
    ['a field that is not text', from({ type: 'select', field: 42 })],
    ['an empty field', from({ type: 'select', field: '' })],
    ['comments opened on no field', from({ type: 'open-comments' })],
    ['comments opened on a field that is not text', from({ type: 'open-comments', field: ['lead'] })],
    ['an overlong field', from({ type: 'select', field: 'x'.repeat(301) })],
    ['a negative scroll', from({ type: 'scroll', y: -1 })],
    ['a scroll that is not a number', from({ type: 'scroll', y: '10' })],
    ['fields that are not a list', from({ type: 'ready', fields: 'lead', scrollY: 0 })],
    ['a render without its number', from({ type: 'rendered', fields: [] })],
    ['a render whose fields are not text', from({ type: 'rendered', serial: 1, fields: [1] })],
    ['a reload of no render', from({ type: 'reload', serial: -1 })],
    [
      'a finding of an unknown check',
      from({ type: 'checks', id: 1, findings: [{ check: 'eval', severity: 'problem', message: 'x', field: null }] }),
    ],
    [
      'a help link that is not https',
      from({
        type: 'checks',
        id: 1,
        findings: [{ check: 'axe', severity: 'problem', message: 'x', field: null, helpUrl: 'javascript:alert(1)' }],
      }),
    ],
    ['not an object', 'select lead'],
    ['null', null],
  ])('drops %s', (_what, data) => {
    expect(frameMessageOf(data)).toBeNull();
  });
});

describe('the messages from the editor', () => {
  it('reads each message of the protocol as it is', () => {
    expect(editorMessageOf(from({ type: 'labels', labels: { lead: 'The introduction' } }))).toEqual(
      from({ type: 'labels', labels: { lead: 'The introduction' } }),
    );
    expect(editorMessageOf(from({ type: 'outline', field: null }))).toEqual(from({ type: 'outline', field: null }));
    expect(editorMessageOf(from({ type: 'outline', field: 'seo.title' }))).toEqual(
      from({ type: 'outline', field: 'seo.title' }),
    );
    expect(editorMessageOf(from({ type: 'scroll-to', y: 300 }))).toEqual(from({ type: 'scroll-to', y: 300 }));
    expect(editorMessageOf(from({ type: 'run-checks', id: 2 }))).toEqual(from({ type: 'run-checks', id: 2 }));
    expect(editorMessageOf(from({ type: 'comments', counts: { 'seo.title': 2, lead: 1 } }))).toEqual(
      from({ type: 'comments', counts: { 'seo.title': 2, lead: 1 } }),
    );
    expect(editorMessageOf(from({ type: 'comments', counts: {} }))).toEqual(from({ type: 'comments', counts: {} }));
    expect(editorMessageOf(from({ type: 'render', serial: 7, html: '<!doctype html><p>Hi</p>' }))).toEqual(
      from({ type: 'render', serial: 7, html: '<!doctype html><p>Hi</p>' }),
    );
  });

  it.each([
    ['labels that are not text', from({ type: 'labels', labels: { lead: 5 } })],
    ['labels as a list', from({ type: 'labels', labels: ['lead'] })],
    ['an outline of no field', from({ type: 'outline' })],
    ['a frame message', from({ type: 'select', field: 'lead' })],
    ['a check without its number', from({ type: 'run-checks' })],
    ['comment counts that are not numbers', from({ type: 'comments', counts: { lead: '2' } })],
    ['comment counts below zero', from({ type: 'comments', counts: { lead: -1 } })],
    ['comment counts as a list', from({ type: 'comments', counts: [1] })],
    ['comment counts on an empty field', from({ type: 'comments', counts: { '': 1 } })],
    ['comments opened from the editor', from({ type: 'open-comments', field: 'lead' })],
    ['a render that is not text', from({ type: 'render', serial: 1, html: { body: '' } })],
    ['a render without its number', from({ type: 'render', html: '<p>Hi</p>' })],
    ['an oversized render', from({ type: 'render', serial: 1, html: 'x'.repeat(20_000_001) })],
  ])('drops %s', (_what, data) => {
    expect(editorMessageOf(data)).toBeNull();
  });
});
