// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFocus, withModalDialogs, withTestRoot } from '../test-support/dom';
import { useQuestion, type Question } from './question-dialog';

withModalDialogs();
const dom = withTestRoot();

type Answer = 'stay' | 'discard' | 'add';
let answers: Answer[];

const QUESTION: Question<Answer> = {
  title: 'Add the entry you typed?',
  question: 'You typed a new skill but did not add it to the list. Add it before saving, or discard it?',
  answers: [
    { value: 'stay', label: 'Stay', look: 'outline' },
    { value: 'discard', label: 'Discard it', look: 'outline' },
    { value: 'add', label: 'Add it' },
  ],
  dismissed: 'stay',
  className: 'unsent-entry-dialog',
};

function Asker({ question = QUESTION }: { question?: Question<Answer> }) {
  const { ask, dialog } = useQuestion();
  return (
    <>
      <button type="button" id="ask" onClick={() => void ask(question).then((answer) => answers.push(answer))}>
        Save
      </button>
      {dialog}
    </>
  );
}

beforeEach(() => {
  answers = [];
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

describe('useQuestion, the one dialog hook', () => {
  it('asks in a modal alert dialog named by its title, its buttons in order, the focus on the first', async () => {
    dom.render(<Asker />);
    await ask();
    const open = dialog();
    expect(open?.open).toBe(true);
    expect(open?.getAttribute('role')).toBe('alertdialog');
    expect(open?.classList.contains('unsent-entry-dialog')).toBe(true);
    expect(document.getElementById(open!.getAttribute('aria-labelledby')!)?.textContent).toBe(QUESTION.title);
    expect(document.getElementById(open!.getAttribute('aria-describedby')!)?.textContent).toBe(QUESTION.question);
    expect([...open!.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Stay', 'Discard it', 'Add it']);
    await expectFocus(() => dialogButton('Stay'));
    expect(dialogButton('Add it')?.className).toBe('button confirm-dialog__button');
    expect(dialogButton('Discard it')?.className).toContain('button--outline');
  });

  it('resolves with the answer of the button, the dialog gone and the focus back on the opener', async () => {
    dom.render(<Asker />);
    const opener = await ask();
    await act(async () => dialogButton('Discard it')!.click());
    expect(answers).toEqual(['discard']);
    expect(dialog()).toBeNull();
    await expectFocus(() => opener);
  });

  it('leaves the focus to the caller when asked to', async () => {
    dom.render(<Asker question={{ ...QUESTION, returnFocus: false }} />);
    const opener = await ask();
    await act(async () => dialogButton('Add it')!.click());
    expect(answers).toEqual(['add']);
    expect(document.activeElement).not.toBe(opener);
  });

  it("gives the dismissal on Escape and on the browser's cancel", async () => {
    dom.render(<Asker />);
    await ask();
    await act(async () => {
      dialogButton('Add it')!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    await ask();
    await act(async () => {
      dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(answers).toEqual(['stay', 'stay']);
    expect(dialog()).toBeNull();
  });

  it('answers a question once, a newer question dismisses the open one, and so does the screen going away', async () => {
    dom.render(<Asker />);
    await ask();
    await ask();
    await act(async () => {});
    expect(answers).toEqual(['stay']);
    await act(async () => dialogButton('Add it')!.click());
    expect(answers).toEqual(['stay', 'add']);
    await ask();
    dom.render(<p>Another screen</p>);
    await act(async () => {});
    expect(answers).toEqual(['stay', 'add', 'stay']);
  });
});
