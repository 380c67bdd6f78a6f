import { RichTextField, type RichTextFieldProps } from './rich-text-field';

type Block = { kind: 'p' | 'h2' | 'h3' | 'h4' | 'ul' | 'ol'; words: string[] };

/**
 * The blocks of rich text in the shapes the editor shows them (paragraphs, headings, lists with their items) but
 * holding only their words (never rendered as HTML here): the stand-in is as tall as the editor that takes its place.
 */
function plainBlocks(html: string): Block[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // A line break stays one (the stand-in keeps its lines: white-space: pre-line).
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  const words = (node: Node) => node.textContent?.replace(/[^\S\n]+/g, ' ').trim() ?? '';
  const blocks = [...body.children].map((element): Block => {
    const tag = element.tagName.toLowerCase();
    if (tag === 'ul' || tag === 'ol')
      return { kind: tag, words: [...element.querySelectorAll(':scope > li')].map(words) };
    if (tag === 'h2' || tag === 'h3' || tag === 'h4') return { kind: tag, words: [words(element)] };
    return { kind: 'p', words: [words(element)] };
  });
  // Words outside any block (older content, typed before the editor): one paragraph of all of it, as the editor shows it.
  const loose = [...body.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  return blocks.length > 0 && !loose ? blocks : [{ kind: 'p', words: [words(body)] }];
}

function PendingBlock({ block }: { block: Block }) {
  const { kind, words } = block;
  if (kind === 'ul' || kind === 'ol') {
    const List = kind;
    return (
      <List>
        {words.map((item, index) => (
          <li key={index}>
            <p>{item}</p>
          </li>
        ))}
      </List>
    );
  }
  const Block = kind;
  return <Block>{words[0]}</Block>;
}

/**
 * The rich-text toolbar's groups (rich-text-editor.tsx) as the sizes of their controls: 'button' a 2.25 rem square
 * (a button, the colour input), 'select' the text size's list (its width fixed in CSS for this).
 */
const RICH_TOOLBAR: readonly (readonly ('button' | 'select')[])[] = [
  ['button', 'button', 'button', 'button'],
  ['button', 'button', 'button', 'button'],
  ['button', 'button', 'button', 'button'],
  ['button', 'button'],
  ['select', 'button', 'button'],
  ['button', 'button'],
];

/**
 * The toolbar's place while its editor loads: empty boxes of its controls' sizes in its groups, so that it wraps as
 * the toolbar will at any width and the form below does not move when the editor comes (a click aimed at Save or a
 * list's Edit lands where it was aimed). Hidden from screen readers: there is nothing to press yet.
 */
function PendingToolbar({ oneLine }: { oneLine: boolean }) {
  if (oneLine)
    return (
      <div className="rte__toolbar accent-text__toolbar" aria-hidden="true">
        <span className="rte__button accent-text__button">Accent colour</span>
      </div>
    );
  return (
    <div className="rte__toolbar" aria-hidden="true">
      {RICH_TOOLBAR.map((group, index) => (
        <span key={index} className="rte__group">
          {group.map((control, at) => (
            <span key={at} className={control === 'select' ? 'rte__select' : 'rte__button'} />
          ))}
        </span>
      ))}
    </div>
  );
}

/**
 * A rich-text field while its editor's chunk loads (a moment after the editor opens): the same label and frame,
 * the toolbar's place, its text shown read-only as plain words (an accented heading's on its one line). Nothing can
 * be typed yet; the editor takes its place as it arrives, and nothing around it moves.
 */
export function RichTextPending({
  value,
  oneLine = false,
  ...field
}: RichTextFieldProps & { value: string; oneLine?: boolean }) {
  return (
    <RichTextField {...field}>
      <div className={oneLine ? 'rte__frame accent-text' : 'rte__frame'} aria-busy="true">
        <PendingToolbar oneLine={oneLine} />
        {/* Not a textbox yet (no role, no id): nothing, a test or a screen reader, takes it for the editor. */}
        <div className={`rte__content rte__content--pending ${oneLine ? 'accent-text__content' : 'prose'}`}>
          {oneLine ? (
            <p>{new DOMParser().parseFromString(value, 'text/html').body.textContent ?? ''}</p>
          ) : (
            plainBlocks(value).map((block, index) => <PendingBlock key={index} block={block} />)
          )}
        </div>
      </div>
    </RichTextField>
  );
}
