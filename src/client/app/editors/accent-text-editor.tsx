import { Fragment, Slice, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Extension, Mark, Node } from '@tiptap/core';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FieldEditorFrame, useFieldEditor, type FieldEditorProps } from './field-editor';
import { ToolButton } from './tool-button';

/** The one line of an accented heading: a single paragraph, nothing else (docs/design.md §34). */
const OneLine = Node.create({ name: 'doc', topNode: true, content: 'paragraph' });

/** The accent mark: the `<span>` the public pages show in the accent colour (`.section__title span`). */
const Accent = Mark.create({
  name: 'accent',
  // Every span of a stored heading is an accented word; the server keeps no other markup (cleanAccentText).
  parseHTML: () => [{ tag: 'span' }],
  renderHTML: () => ['span', { class: 'accent-text__mark' }, 0],
});

/** Enter and Shift+Enter add no line: a heading is one line. */
const NoNewLines = Extension.create({
  name: 'accentTextKeys',
  addKeyboardShortcuts: () => ({ Enter: () => true, 'Shift-Enter': () => true, 'Mod-Enter': () => true }),
});

const EXTENSIONS = [
  StarterKit.configure({
    document: false,
    blockquote: false,
    bold: false,
    bulletList: false,
    code: false,
    codeBlock: false,
    hardBreak: false,
    heading: false,
    horizontalRule: false,
    italic: false,
    listItem: false,
    orderedList: false,
    strike: false,
  }),
  OneLine,
  Accent,
  NoNewLines,
];

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A heading as stored: its words escaped (typed `<b>` stays the text `<b>`), the accented ones in bare spans,
 * as the server's cleaner writes it ('' when empty).
 */
export function accentHtmlOf(document: ProseMirrorNode): string {
  let html = '';
  document.descendants((node) => {
    if (!node.isText) return true;
    const text = escapeText(node.text ?? '');
    html += node.marks.some((mark) => mark.type.name === 'accent') ? `<span>${text}</span>` : text;
    return false;
  });
  return html;
}

/**
 * What is pasted or dropped, as one line: the words of every paragraph it holds, joined by spaces, with their
 * accent marks (the schema already dropped any other markup as it parsed the clipboard).
 */
function asOneLine(slice: Slice, document: ProseMirrorNode): Slice {
  const schema = document.type.schema;
  const words: ProseMirrorNode[] = [];
  slice.content.descendants((node) => {
    if (node.isTextblock) {
      if (words.length > 0) words.push(schema.text(' '));
      node.forEach((inline) => {
        if (inline.isText) words.push(schema.text((inline.text ?? '').replace(/\s+/g, ' '), inline.marks));
      });
      return false;
    }
    return true;
  });
  if (words.length === 0) return Slice.empty;
  return new Slice(Fragment.from(schema.nodes.paragraph!.create(null, words)), 1, 1);
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : accentHtmlOf(editor.state.doc));

/**
 * An accented heading's editor (docs/design.md §34): one line of text, and a toolbar button "Accent colour" that shows
 * the selected words in the site's accent colour. Nobody types HTML: what is typed is text (escaped), Enter adds
 * no line, a paste keeps its words and accents only. Controlled: `value` is the stored heading
 * (`Our <span>Expertise</span>`); a new value from outside replaces the content.
 */
export function AccentTextEditor(props: FieldEditorProps) {
  const editor = useFieldEditor(props, {
    extensions: EXTENSIONS,
    htmlOf,
    contentClass: 'rte__content accent-text__content',
    multiline: false,
    editorProps: { transformPasted: (slice, view) => asOneLine(slice, view.state.doc) },
  });
  return (
    <FieldEditorFrame
      editor={editor}
      props={props}
      frameClass="accent-text"
      toolbar={(current) => (
        <div className="rte__toolbar accent-text__toolbar" role="toolbar" aria-label={`${props.label}: formatting`}>
          <ToolButton
            label="Accent colour"
            icon="accent"
            className="accent-text__button"
            pressed={current.isActive('accent')}
            onClick={() => void current.chain().focus().toggleMark('accent').run()}
          >
            <span aria-hidden="true">Accent colour</span>
          </ToolButton>
        </div>
      )}
    />
  );
}
