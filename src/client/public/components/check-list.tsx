import { Icon } from './icon';
import { RichHtml } from './rich-html';

/**
 * A list of ticked items, each stored HTML (product features and benefits); `fieldOf(index)`: the path of the
 * field each item shows (marked in previews).
 */
export function CheckList({
  items,
  fieldOf,
  columns = false,
}: {
  items: readonly string[];
  fieldOf?: (index: number) => string;
  columns?: boolean;
}) {
  return (
    // role="list": list-style none drops the list role in Safari; keep it for screen readers.
    <ul className={columns ? 'check-list check-list--columns' : 'check-list'} role="list">
      {items.map((html, index) => (
        <li key={index}>
          <Icon name="check" />
          <RichHtml className="prose" html={html} field={fieldOf?.(index)} />
        </li>
      ))}
    </ul>
  );
}
