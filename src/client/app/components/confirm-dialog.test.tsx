// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useConfirm } from './confirm-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has the <dialog> element but not its modal methods: these behave as the browser's do for the test.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, value?: string) {
    if (!this.open) return;
    this.open = false;
    if (value !== undefined) this.returnValue = value;
    this.dispatchEvent(new Event('close'));
  };
});

let container: HTMLDivElement;
let root: Root;
let answers: boolean[];

function Asker() {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button type="button" id="ask" onClick={() => void confirm('Do you want to delete this record ?', { confirmLabel: 'Delete', danger: true }).then((answer) => answers.push(answer))}>
        Delete
      </button>
      {dialog}
    </>
  );
}

beforeEach(() => {
  answers = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Asker />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const dialog = () => container.querySelector('dialog');
const dialogButton = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

async function ask() {
  const opener = container.querySelector<HTMLButtonElement>('#ask')!;
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
    expect(document.activeElement).toBe(opener);
  });

  it('resolves false on Cancel', async () => {
    const opener = await ask();
    await act(async () => dialogButton('Cancel')!.click());
    expect(answers).toEqual([false]);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('resolves false on Escape', async () => {
    await ask();
    await act(async () => {
      dialogButton('Cancel')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    expect(answers).toEqual([false]);
    expect(dialog()).toBeNull();
  });

  it("resolves false when the browser cancels the dialog (its own Escape)", async () => {
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
    await act(async () => root.render(<p>Another screen</p>));
    expect(answers).toEqual([false]);
  });
});
