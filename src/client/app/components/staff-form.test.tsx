// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Save } from 'lucide-react';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { buttonNamed, byLabel, click, expectFocus, type, until, withTestRoot } from '../test-support/dom';
import { FormField } from './form-field';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from './staff-form';

/** The staff app's one form model (docs/design.md §29): the schema's rules, a refusal on its field or in the box, the busy button. */

const dom = withTestRoot();

const Schema = z.object({
  name: z.string().trim().min(1, { message: 'Give it a name.' }),
  code: z.string().max(4, { message: 'A code has at most 4 characters.' }),
});
type Values = z.infer<typeof Schema>;

let answer: () => Promise<void> = async () => {};
let sent: Values[] = [];

function Probe() {
  const form = useStaffForm<Values>({
    schema: Schema,
    defaultValues: { name: '', code: '' },
    submit: async (values) => {
      sent.push(values);
      await answer();
    },
  });
  return (
    <StaffForm form={form}>
      <FormField name="name" id="name" label="Name" />
      <FormField name="code" id="code" label="Code" />
      <RefusalBox message={form.refusal} />
      <SubmitButton busy={form.busy} icon={Save}>
        Save
      </SubmitButton>
    </StaffForm>
  );
}

const input = (label: string) => byLabel<HTMLInputElement>(dom.container, label)!;
const alert = () => dom.container.querySelector('[role="alert"].refusal-box')?.textContent ?? null;

describe('the staff form model', () => {
  it('checks the schema before sending: nothing goes while a rule refuses, the sentence shows at its field', async () => {
    sent = [];
    dom.render(<Probe />);
    await click(buttonNamed('Save')!);
    await until(() => dom.container.textContent?.includes('Give it a name.'), "the name's sentence");
    expect(sent).toEqual([]);
    await type(input('Name'), 'Pune office');
    await click(buttonNamed('Save')!);
    await until(() => sent.length === 1, 'the call');
    expect(sent).toEqual([{ name: 'Pune office', code: '' }]);
  });

  it("puts the server's refusal on the field it names and focuses it; one naming no field goes in the box", async () => {
    sent = [];
    dom.render(<Probe />);
    await type(input('Name'), 'Pune office');
    answer = async () => {
      throw new ApiError(400, 'That code is taken.', 'code');
    };
    await click(buttonNamed('Save')!);
    await until(() => dom.container.textContent?.includes('That code is taken.'), "the code's refusal");
    await expectFocus(() => input('Code'));
    expect(input('Code').getAttribute('aria-invalid')).toBe('true');
    expect(alert()).toBeNull();

    answer = async () => {
      throw new ApiError(409, 'Someone saved this first. Reload to see it.');
    };
    await click(buttonNamed('Save')!);
    await until(() => alert(), 'the refusal box');
    expect(alert()).toBe('Someone saved this first. Reload to see it.');
  });

  it('keeps the button busy while the call is on its way, and a second press sends nothing', async () => {
    sent = [];
    let release: () => void = () => {};
    answer = () => new Promise<void>((resolve) => (release = resolve));
    dom.render(<Probe />);
    await type(input('Name'), 'Pune office');
    await click(buttonNamed('Save')!);
    const busy = () => buttonNamed('Save')?.getAttribute('aria-disabled') === 'true';
    const button = await until(() => (busy() ? buttonNamed('Save') : null), 'the busy button');
    expect(button!.getAttribute('aria-busy')).toBe('true');
    // Busy, it keeps the focus (a disabled button would lose it): it says it cannot be pressed, and a press does nothing.
    expect(button!.disabled).toBe(false);
    await click(button!);
    release();
    await until(() => !busy(), 'the button back');
    expect(sent).toHaveLength(1);
    answer = async () => {};
  });
});
