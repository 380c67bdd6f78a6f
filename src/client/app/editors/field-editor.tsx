import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor, UseEditorOptions } from '@tiptap/react';
import { describedBy } from '../../components/field-ids';
import { RichTextField, richTextFieldIds } from './rich-text-field';

/** What a TipTap field of a form takes (rich text, accented headings). Controlled: `value` is its stored HTML. */
export interface FieldEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
  hint?: string | undefined;
  /** Why the text was refused: shown under it, and the text marked invalid. */
  error?: string | undefined;
}

/**
 * A TipTap editor as a field of a form: a textbox named by the field's label, described by its hint and error.
 * `htmlOf` is what is stored of it ('' when empty); a new value from outside (an entry loaded for editing, the
 * inputs cleared) replaces the content.
 */
export function useFieldEditor(
  { id, value, onChange, required = false, hint, error }: FieldEditorProps,
  {
    extensions,
    htmlOf,
    contentClass,
    multiline,
    editorProps = {},
  }: {
    extensions: UseEditorOptions['extensions'];
    htmlOf: (editor: Editor) => string;
    contentClass: string;
    multiline: boolean;
    editorProps?: NonNullable<UseEditorOptions['editorProps']>;
  },
): Editor | null {
  const { labelId, hintId, errorId } = richTextFieldIds(id, hint, error);
  const described = describedBy(hintId, errorId);
  const attributes: Record<string, string> = {
    id,
    class: contentClass,
    role: 'textbox',
    ...(multiline ? { 'aria-multiline': 'true' } : {}),
    'aria-labelledby': labelId,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    ...(errorId ? { 'aria-invalid': 'true' } : {}),
  };
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    // useEditor passes changed options on to the editor at each render: the error's attributes follow.
    editorProps: { ...editorProps, attributes },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, false);
  }, [editor, value, htmlOf]);
  return editor;
}

/** The field around a TipTap editor: its label (a click on it focuses the text), the toolbar, the text, hint and error. */
export function FieldEditorFrame({
  editor,
  props: { id, label, required = false, hint, error },
  frameClass,
  toolbar,
}: {
  editor: Editor | null;
  props: FieldEditorProps;
  frameClass?: string;
  toolbar: (editor: Editor) => ReactNode;
}) {
  return (
    <RichTextField
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      onLabelClick={() => editor?.commands.focus()}
    >
      <div className={frameClass ? `rte__frame ${frameClass}` : 'rte__frame'}>
        {editor ? toolbar(editor) : null}
        <EditorContent editor={editor} />
      </div>
    </RichTextField>
  );
}
