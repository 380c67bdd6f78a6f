// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFocus, withModalDialogs, withTestRoot } from '../test-support/dom';
import { useConfirm } from './confirm-dialog';

withModalDialogs();
const dom = withTestRoot();

let answers: boolean[];

function Asker() {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        id="ask"
        onClick={() =>
          void confirm('Do you want to delete this record ?', { confirmLabel: 'Delete', danger: true }).then((answer) =>
            answers.push(answer),
          )
        }
      >
        Delete
      </button>
      {dialog}
    </>
  );
}

beforeEach(() => {
  answers = [];
  dom.render(<Asker />);
});

const dialog = () => dom.container.querySelector('dialog');
const dialogButton = (name: string) =>
  [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

async function ask() {
  const opener = dom.container.querySelector<HTMLButtonElement>('#ask')!;
  opener.focus();
  await act(async () => opener.click());
  return opener;
}

describe('useConfirm', () => {
  it('opens a modal dialog with the question and its name', async () => {
    await ask();
    const open = dialog();
    expect(open?.open).toBe(true);
    expect(open?.getAttribute('role')).toBe('alertdialog');
    const question = document.getElementById(open!.getAttribute('aria-describedby')!);
    expect(question?.textContent).toBe('Do you want to delete this record ?');
    expect(document.getElementById(open!.getAttribute('aria-labelledby')!)?.textContent).toBe('Please confirm');
    // Cancel comes first: the dialog's first focus is the answer that changes nothing.
    expect([...open!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Delete']);
  });

  it('resolves true on the confirm button, and gives the focus back to the opener', async () => {
    const opener = await ask();
    await act(async () => dialogButton('Delete')!.click());
    expect(answers).toEqual([true]);
    expect(dialog()).toBeNull();
    await expectFocus(() => opener);
  });

  it('resolves false on Cancel', async () => {
    const opener = await ask();
    await act(async () => dialogButton('Cancel')!.click());
    expect(answers).toEqual([false]);
    expect(dialog()).toBeNull();
    await expectFocus(() => opener);
  });

  it('resolves false on Escape', async () => {
    await ask();
    await act(async () => {
      dialogButton('Cancel')!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    expect(answers).toEqual([false]);
    expect(dialog()).toBeNull();
  });

  it('resolves false when the browser cancels the dialog (its own Escape)', async () => {
    await ask();
    await act(async () => {
      dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(answers).toEqual([false]);
  });

  it('answers once, and a second question opens a fresh dialog', async () => {
    await ask();
    await act(async () => dialogButton('Delete')!.click());
    await ask();
    expect(dialog()?.open).toBe(true);
    await act(async () => dialogButton('Cancel')!.click());
    expect(answers).toEqual([true, false]);
  });

  it('answers no when the screen goes away while asking', async () => {
    await ask();
    dom.render(<p>Another screen</p>);
    // The answer comes through a promise: let it settle.
    await act(async () => {});
    expect(answers).toEqual([false]);
  });
});
