import { lazy, Suspense, useId, useState } from 'react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Underline from '@tiptap/extension-underline';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import TextStyle from '@tiptap/extension-text-style';
import Color from '@tiptap/extension-color';
import { FieldEditorFrame, useFieldEditor, type FieldEditorProps } from './field-editor';
import { notify } from '../toasts';
import { FONT_SIZES, FontSize, NORMAL_FONT_SIZE } from './font-size';
import { ToolButton } from './tool-button';
import { isSiteAddress } from '../../../core/schemas/site-pages';
import type { LinkChoice } from './link-dialog';

/** The link dialog, loaded when first opened. */
const LinkDialog = lazy(() => import('./link-dialog'));

const EXTENSIONS = [
  // No code blocks or h1: the public pages have one h1 and no code, and the server would drop them.
  StarterKit.configure({ code: false, codeBlock: false, heading: { levels: [2, 3, 4] } }),
  Underline,
  Link.configure({
    openOnClick: false,
    autolink: true,
    protocols: ['mailto'],
    HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
  }),
  Image.configure({ inline: false }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
  TextStyle,
  Color,
  FontSize,
];

const IMAGE_PATTERN = /^(https?:\/\/|\/(?!\/))/i;

/** An empty editor gives '' (not '<p></p>'), so that blank stays blank. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Sets the link the dialog chose on the selection (the whole link the cursor is in); with nothing selected and no
 * link there, inserts the page's title (or the address) as a new link. A page of this site opens in the same tab;
 * another site's in a new one (docs/design.md §34).
 */
function setLink(editor: Editor, { href, text }: LinkChoice): void {
  const attributes = { href, target: isSiteAddress(href) ? null : '_blank' };
  const chain = editor.chain().focus().extendMarkRange('link');
  if (editor.state.selection.empty && !editor.isActive('link')) {
    // What is typed next is not part of the link (links are inclusive while autolink is on).
    chain
      .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: attributes }] })
      .unsetMark('link')
      .run();
    return;
  }
  chain.setLink(attributes).run();
}

function insertImage(editor: Editor): void {
  // Image upload comes with the image issue; until then an image is inserted by its address on this site.
  const src = window.prompt('Image address (an image on this site, such as /uploads/photos/about/photo.png)');
  if (src === null || src.trim() === '') return;
  if (!IMAGE_PATTERN.test(src.trim())) {
    notify.error('Please enter an image address that starts with / or https://', 'Oops');
    return;
  }
  const alt = window.prompt('Describe the image for people who cannot see it (alternative text)') ?? '';
  editor.chain().focus().setImage({ src: src.trim(), alt: alt.trim() }).run();
}

function Toolbar({ editor, label, onLink }: { editor: Editor; label: string; onLink: () => void }) {
  const size = (editor.getAttributes('fontSize').size as string | undefined) ?? NORMAL_FONT_SIZE;
  const color = (editor.getAttributes('textStyle').color as string | undefined) ?? '#000000';
  const toggle = (name: string, attributes?: Record<string, unknown>) => editor.isActive(name, attributes);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    void command(editor.chain().focus()).run();
  const colorId = useId();
  const sizeId = useId();

  return (
    <div className="rte__toolbar" role="toolbar" aria-label={`${label}: formatting`}>
      <div className="rte__group">
        <ToolButton label="Bold" icon="bold" pressed={toggle('bold')} onClick={run((c) => c.toggleBold())} />
        <ToolButton label="Italic" icon="italic" pressed={toggle('italic')} onClick={run((c) => c.toggleItalic())} />
        <ToolButton
          label="Underline"
          icon="underline"
          pressed={toggle('underline')}
          onClick={run((c) => c.toggleUnderline())}
        />
        <ToolButton
          label="Strikethrough"
          icon="strike"
          pressed={toggle('strike')}
          onClick={run((c) => c.toggleStrike())}
        />
      </div>
      <div className="rte__group">
        <ToolButton
          label="Numbered list"
          icon="ordered"
          pressed={toggle('orderedList')}
          onClick={run((c) => c.toggleOrderedList())}
        />
        <ToolButton
          label="Bulleted list"
          icon="bullets"
          pressed={toggle('bulletList')}
          onClick={run((c) => c.toggleBulletList())}
        />
        <ToolButton
          label="Increase indent"
          icon="indent"
          disabled={!editor.can().sinkListItem('listItem')}
          onClick={run((c) => c.sinkListItem('listItem'))}
        />
        <ToolButton
          label="Decrease indent"
          icon="outdent"
          disabled={!editor.can().liftListItem('listItem')}
          onClick={run((c) => c.liftListItem('listItem'))}
        />
      </div>
      <div className="rte__group">
        <ToolButton
          label="Align left"
          icon="align-left"
          pressed={editor.isActive({ textAlign: 'left' })}
          onClick={run((c) => c.setTextAlign('left'))}
        />
        <ToolButton
          label="Align centre"
          icon="align-center"
          pressed={editor.isActive({ textAlign: 'center' })}
          onClick={run((c) => c.setTextAlign('center'))}
        />
        <ToolButton
          label="Align right"
          icon="align-right"
          pressed={editor.isActive({ textAlign: 'right' })}
          onClick={run((c) => c.setTextAlign('right'))}
        />
        <ToolButton
          label="Justify"
          icon="align-justify"
          pressed={editor.isActive({ textAlign: 'justify' })}
          onClick={run((c) => c.setTextAlign('justify'))}
        />
      </div>
      <div className="rte__group">
        <ToolButton label="Link" icon="link" pressed={toggle('link')} onClick={onLink} />
        <ToolButton label="Insert image" icon="image" onClick={() => insertImage(editor)} />
      </div>
      <div className="rte__group">
        <label className="visually-hidden" htmlFor={sizeId}>
          Text size
        </label>
        <select
          id={sizeId}
          className="rte__select"
          title="Text size"
          value={size}
          onChange={(event) => {
            const next = event.currentTarget.value;
            const chain = editor.chain().focus();
            (next === NORMAL_FONT_SIZE ? chain.unsetMark('fontSize') : chain.setMark('fontSize', { size: next })).run();
          }}
        >
          {FONT_SIZES.map((option) => (
            <option key={option} value={option}>
              Size {option}
              {option === NORMAL_FONT_SIZE ? ' (normal)' : ''}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={colorId}>
          Text colour
        </label>
        <input
          id={colorId}
          className="rte__color"
          type="color"
          title="Text colour"
          value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
          onChange={(event) => editor.chain().focus().setColor(event.currentTarget.value).run()}
        />
        <ToolButton label="Default colour" icon="no-color" onClick={run((c) => c.unsetColor())} />
      </div>
      <div className="rte__group">
        <ToolButton label="Undo" icon="undo" disabled={!editor.can().undo()} onClick={run((c) => c.undo())} />
        <ToolButton label="Redo" icon="redo" disabled={!editor.can().redo()} onClick={run((c) => c.redo())} />
      </div>
    </div>
  );
}

/**
 * The rich-text editor (TipTap) with the toolbar of spec 000 §9. Controlled: `value` is HTML ('' when
 * empty); a new value from outside (an entry loaded for editing, the inputs cleared) replaces the content.
 * The server sanitises what is saved (docs/design.md §6); the editor only produces what the allow-list keeps.
 */
export function RichTextEditor(props: FieldEditorProps) {
  const editor = useFieldEditor(props, {
    extensions: EXTENSIONS,
    htmlOf,
    contentClass: 'rte__content prose',
    multiline: true,
  });
  // The link dialog, with the address of the link the cursor is in ('' for none).
  const [linking, setLinking] = useState<string | null>(null);
  const toolbar = (current: Editor) => (
    <>
      <Toolbar
        editor={current}
        label={props.label}
        onLink={() => setLinking((current.getAttributes('link').href as string | undefined) ?? '')}
      />
      {linking !== null ? (
        <Suspense fallback={null}>
          <LinkDialog
            current={linking}
            onSet={(choice) => {
              setLinking(null);
              setLink(current, choice);
            }}
            onRemove={() => {
              setLinking(null);
              current.chain().focus().extendMarkRange('link').unsetLink().run();
            }}
            onClose={() => {
              setLinking(null);
              current.commands.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
  return <FieldEditorFrame editor={editor} props={props} toolbar={toolbar} />;
}
