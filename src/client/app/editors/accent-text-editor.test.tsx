// @vitest-environment jsdom
import { act, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTestRoot } from '../test-support/dom';
import { demoDocument } from '../../../core/content/home';
import { AccentTextEditor, accentHtmlOf } from './accent-text-editor';

const dom = withTestRoot();
let changes: string[];

function Controlled({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AccentTextEditor
      id="heading"
      label="Expertise title"
      value={value}
      onChange={(html) => {
        changes.push(html);
        setValue(html);
      }}
    />
  );
}

function render(initial: string) {
  changes = [];
  dom.render(<Controlled initial={initial} />);
}

/** The TipTap editor behind the textbox (TipTap hangs it on its element). */
const editor = () => (dom.container.querySelector('[role="textbox"]') as HTMLElement & { editor: Editor }).editor;
const accentButton = () => dom.container.querySelector<HTMLButtonElement>('button[aria-label="Accent colour"]')!;
const lastChange = () => changes[changes.length - 1];

/** Typing: text inserted where the cursor is, as the browser's input does (never parsed as HTML). */
function type(text: string) {
  act(() => {
    const { view } = editor();
    view.dispatch(view.state.tr.insertText(text));
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the accented heading editor (docs/design.md §34)', () => {
  it('is one textbox named by its label, with a toolbar button Accent colour', () => {
    render('Our <span>Expertise</span>');
    const textbox = dom.container.querySelector('[role="textbox"]')!;
    expect(textbox.getAttribute('aria-labelledby')).toBe('heading-label');
    expect(textbox.getAttribute('aria-multiline')).toBeNull();
    expect(dom.container.querySelector('#heading-label')?.textContent).toBe('Expertise title');
    expect(dom.container.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe(
      'Expertise title: formatting',
    );
    expect(accentButton().getAttribute('aria-pressed')).toBe('false');
    // The stored accent shows as the editor's own mark.
    expect(textbox.querySelector('span')?.textContent).toBe('Expertise');
  });

  it('puts the selected words in a <span> when Accent colour is pressed, and takes them out when pressed again', () => {
    render('Our Skill Set');
    act(() => void editor().commands.setTextSelection({ from: 5, to: 14 }));
    act(() => accentButton().click());
    expect(lastChange()).toBe('Our <span>Skill Set</span>');
    expect(accentButton().getAttribute('aria-pressed')).toBe('true');
    act(() => accentButton().click());
    expect(lastChange()).toBe('Our Skill Set');
    expect(accentButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('stores typed <b> as the literal text, escaped, never as HTML', () => {
    render('');
    type('<b>Bold</b> & co');
    expect(lastChange()).toBe('&lt;b&gt;Bold&lt;/b&gt; &amp; co');
    expect(dom.container.querySelector('[role="textbox"] b')).toBeNull();
  });

  it('keeps one line: Enter adds none, a pasted text of several paragraphs and other markup becomes one line of words and accents', () => {
    render('News');
    act(() => void editor().commands.setTextSelection(5));
    act(() => void editor().commands.keyboardShortcut('Enter'));
    expect(editor().state.doc.childCount).toBe(1);
    // What the browser hands over on a paste, through the editor's own paste handling (jsdom has no ClipboardEvent).
    vi.stubGlobal('ClipboardEvent', class extends Event {});
    act(
      () =>
        void editor().view.pasteHTML(
          '<p>: and <b>more</b></p><p><span style="color:red" onclick="x()">Events</span></p>',
        ),
    );
    expect(editor().state.doc.childCount).toBe(1);
    expect(lastChange()).toBe('News: and more <span>Events</span>');
  });

  it.each([demoDocument.exprtshead, demoDocument.skillhead, demoDocument.abouthead, demoDocument.newshead])(
    'gives the demo heading %s back as it is stored',
    (heading) => {
      render(heading);
      expect(accentHtmlOf(editor().state.doc)).toBe(heading);
    },
  );

  it('gives an emptied heading as ""', () => {
    render('About <span>Us</span>');
    act(() => void editor().commands.selectAll());
    act(() => void editor().commands.deleteSelection());
    expect(lastChange()).toBe('');
  });
});
