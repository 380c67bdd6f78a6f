// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed as button,
  byLabel as labelled,
  choose,
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
import FormsScreen from './forms-screen';
import { keyFor } from './edited-form';

/**
 * The forms screen (docs/design.md §30) against a stand-in for its calls: the list, a new form built field by field and
 * sent in the call's shape, the server's refusal at the field it names, and Delete refused while a page shows it.
 */

vi.mock('../../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let saves: Array<Record<string, unknown>>;
let refusal: { status: number; data: Record<string, unknown> } | null;
let previews: Array<Record<string, unknown>>;
let previewRefusal: { status: number; data: Record<string, unknown> } | null;

const CONTACT = {
  id: 1,
  name: 'Contact',
  builtIn: 'contact',
  fields: [{ key: 'name', label: 'Contact Person', kind: 'text', required: true }],
  submissions: 0,
  usedOn: [{ routing: 'Contact', name: 'Contact' }],
};
const QUOTE = {
  ...CONTACT,
  id: 2,
  name: 'Quote request',
  builtIn: null,
  submissions: 3,
  usedOn: [{ routing: 'Offers', name: 'Offers' }],
};

beforeEach(() => {
  saves = [];
  refusal = null;
  previews = [];
  previewRefusal = null;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

function answer(call: string, body: Record<string, unknown>, { method }: FakeRequest) {
  if (call === 'forms' && method === 'GET') return { status: 200, data: { items: [CONTACT, QUOTE] } };
  if (call === 'forms' && method === 'POST') {
    if (refusal) return refusal;
    saves.push(body);
    return { status: 200, data: { id: 9, revision: 1 } };
  }
  if (call === 'forms/preview') {
    if (previewRefusal) return previewRefusal;
    previews.push(body);
    const labels = (body.fields as Array<{ label: string }>).map((f) => f.label).join(', ');
    return { status: 200, type: 'text/html', data: `<!doctype html><p>Fields: ${labels}</p>` };
  }
  if (call === 'getCommasterTypefordropdown')
    return { status: 200, data: [{ id: 5, name: 'Positions', code: 'POS', dependsOn: null }] };
  if (call === 'forms/2/delete')
    return {
      status: 409,
      data: { message: 'This form is on a page: take it off that page first.', usedOn: QUOTE.usedOn },
    };
  return { status: 404, data: { message: `No stand-in for ${method} ${call}` } };
}

const field = (label: string) => labelled<HTMLInputElement>(dom.container, label)!;

describe('the forms screen', () => {
  it('lists the forms with their fields, submissions and pages; the contact form cannot be deleted', async () => {
    dom.renderScreen(<FormsScreen />);
    await until(() => dom.container.textContent?.includes('Quote request'), 'the list');
    expect(dom.container.textContent).toContain('Offers');
    expect(button('Edit the form Contact')).toBeTruthy();
    expect(button('Delete the form Contact')).toBeFalsy();
    expect(button('Delete the form Quote request')).toBeTruthy();
  });

  it('builds a new form field by field and sends it in the call’s shape', async () => {
    dom.renderScreen(<FormsScreen />);
    await click(await until(() => button('New form'), 'New form'));
    await type(field('Name'), 'Job application');
    await click(button('Add a field')!);
    await type(field('Field 1: label'), 'Your name');
    await type(field('Key'), 'name');
    await click(dom.container.querySelector<HTMLInputElement>('input[name="fields.0.required"]')!);
    await click(button('Add a field')!);
    await type(field('Field 2: label'), 'Position');
    const keys = [...dom.container.querySelectorAll<HTMLInputElement>('input[name$=".key"]')];
    await type(keys[1]!, 'position');
    await choose(dom.container.querySelector<HTMLSelectElement>('select[name="fields.1.kind"]')!, 'choice');
    const choices = await until(
      () => dom.container.querySelector<HTMLTextAreaElement>('textarea[name="fields.1.choices"]'),
      'the choices',
    );
    await type(choices, 'dev = Developer\nTester');
    await type(field('Mail each submission to'), 'jobs@example.com\nboss@example.com');
    await click(button('Save')!);
    await until(() => saves.length === 1, 'the save');
    expect(saves[0]).toEqual({
      name: 'Job application',
      fields: [
        { key: 'name', label: 'Your name', kind: 'text', required: true },
        {
          key: 'position',
          label: 'Position',
          kind: 'choice',
          required: false,
          options: [
            { value: 'dev', label: 'Developer' },
            { value: 'Tester', label: 'Tester' },
          ],
        },
      ],
      recipients: ['jobs@example.com', 'boss@example.com'],
      confirmation: { enabled: false, subject: '', body: '' },
      successMessage: 'Thank you: we will be in touch soon.',
      retentionDays: 365,
    });
    expect(notify.success).toHaveBeenCalled();
  });

  it('shows the server’s refusal at the field it names, with the focus there', async () => {
    dom.renderScreen(<FormsScreen />);
    await click(await until(() => button('New form'), 'New form'));
    await type(field('Name'), 'Sign-up');
    await click(button('Add a field')!);
    await type(field('Field 1: label'), 'Name');
    refusal = { status: 400, data: { message: 'Two fields have the key “field_1”.', field: 'fields.0.key' } };
    await click(button('Save')!);
    await until(() => dom.container.textContent?.includes('Two fields have the key'), 'the refusal');
    await expectFocus(() => field('Key'));
    expect(calls.filter((c) => c.call === 'forms')).not.toHaveLength(0);
  });

  it('says which pages still show a form it may not delete', async () => {
    dom.renderScreen(<FormsScreen />);
    await click(await until(() => button('Delete the form Quote request'), 'Delete'));
    await click(await until(() => button('Delete'), 'the question'));
    await until(() => vi.mocked(notify.error).mock.calls.length > 0, 'the refusal');
    expect(vi.mocked(notify.error).mock.calls[0]![0]).toBe(
      'This form is on a page: take it off that page first. (Offers)',
    );
  });

  it('takes a choice field’s choices from a master data type, and shows the form as visitors will see it', async () => {
    dom.renderScreen(<FormsScreen />);
    await click(await until(() => button('New form'), 'New form'));
    await type(field('Name'), 'Job application');
    await click(button('Add a field')!);
    await type(field('Field 1: label'), 'Position');
    await choose(dom.container.querySelector<HTMLSelectElement>('select[name="fields.0.kind"]')!, 'choice');
    const from = await until(
      () => dom.container.querySelector<HTMLSelectElement>('select[name="fields.0.choicesFrom"]'),
      'Choices from',
    );
    await until(() => from.options.length === 2, 'the master data types');
    expect(from.options[1]!.textContent).toBe('Master data: Positions');
    await choose(from, '5');
    // The typed choices give way to the type's values.
    expect(dom.container.querySelector('textarea[name="fields.0.choices"]')).toBeNull();
    const frame = await until(
      () => dom.container.querySelector<HTMLIFrameElement>('iframe[title="Preview of the form"]'),
      'the preview',
    );
    await until(() => frame.getAttribute('srcdoc')?.includes('Fields: Position'), 'the preview of the working copy');
    // Nothing runs in the frame and it cannot send the form.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(previews.at(-1)!.fields).toEqual([
      { key: 'field_1', label: 'Position', kind: 'choice', required: false, masterType: 5 },
    ]);
    // A working copy the save would refuse keeps the last render and says why.
    previewRefusal = { status: 400, data: { message: 'A field needs a label.', field: 'fields.1.label' } };
    await click(button('Add a field')!);
    await until(() => dom.container.textContent?.includes('A field needs a label.'), 'the refusal in the preview');
    expect(dom.container.textContent).toContain('The preview shows your last edit that could be saved.');
    expect(frame.getAttribute('srcdoc')).toContain('Fields: Position');
    await click(button('Save')!);
    await until(() => saves.length === 1, 'the save');
    expect((saves[0]!.fields as unknown[])[0]).toEqual({
      key: 'field_1',
      label: 'Position',
      kind: 'choice',
      required: false,
      masterType: 5,
    });
  });

  it('makes a key of a label', () => {
    expect(keyFor('How did you hear of us?', new Set())).toBe('how_did_you_hear_of_us');
    expect(keyFor('Email', new Set(['email']))).toBe('email_2');
    expect(keyFor('123', new Set())).toBe('field');
  });
});
