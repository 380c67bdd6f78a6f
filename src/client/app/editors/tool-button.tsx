import type { ReactNode } from 'react';
import { ToolIcon } from './editor-icons';
import type { ToolIconName } from './editor-icons';

/** A button of a text editor's toolbar (rich text, accented headings): named in words, pressed while its format is on. */
export function ToolButton({
  label,
  icon,
  pressed,
  disabled,
  onClick,
  children,
  className,
}: {
  label: string;
  /** Classes besides the toolbar's (a button that shows its name as well as its icon). */
  className?: string;
  icon?: ToolIconName;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `rte__button ${className}` : 'rte__button'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {icon ? <ToolIcon name={icon} /> : null}
      {children}
    </button>
  );
}
