import { forwardRef, useState } from 'react';
import type { ButtonHTMLAttributes, KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import '../../styles/data-table.css';

export type IconTone = 'default' | 'danger' | 'success';

interface IconActionProps {
  /** A lucide-react icon: Pencil (edit), Trash2 (delete), UserX / UserCheck (deactivate / activate), ListTree… */
  icon: LucideIcon;
  /** The accessible name, and the words of the tooltip: what the action does, to what ("Edit Asha Rao"). */
  label: string;
  tone?: IconTone;
  /**
   * Where the tooltip sits: centred over the button, or ending at its right edge (the last column of a table,
   * where a centred tooltip would run out of the table's scroll box).
   */
  tooltipAlign?: 'center' | 'end';
}

/**
 * The tooltip is CSS (shown on hover and on keyboard focus); Escape hides it until the pointer or the focus
 * leaves, so it never has to be moved away to see what is under it (WCAG 1.4.13).
 */
function useTooltipDismiss() {
  const [hidden, setHidden] = useState(false);
  return {
    'data-tooltip-hidden': hidden ? 'true' : undefined,
    onKeyDownCapture: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !hidden) setHidden(true);
    },
    onBlur: () => setHidden(false),
    onMouseLeave: () => setHidden(false),
  };
}

function className(tone: IconTone, extra?: string): string {
  return ['icon-action', tone === 'default' ? '' : `icon-action--${tone}`, extra ?? ''].filter(Boolean).join(' ');
}

type IconButtonProps = IconActionProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'>;

/** An action of a row or a toolbar shown as an icon: a real button with an accessible name and a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon: Icon, label, tone = 'default', tooltipAlign = 'center', type = 'button', className: extra, ...rest },
  ref,
) {
  const dismiss = useTooltipDismiss();
  return (
    <button
      ref={ref}
      type={type}
      className={className(tone, extra)}
      aria-label={label}
      data-tooltip={label}
      data-tooltip-align={tooltipAlign}
      {...dismiss}
      {...rest}
    >
      <Icon className="icon-action__icon" aria-hidden="true" focusable="false" strokeWidth={2} />
    </button>
  );
});

/** The same, for an action that opens another screen: a link (so it can open in a new tab too). */
export function IconLink({
  icon: Icon,
  label,
  tone = 'default',
  tooltipAlign = 'center',
  to,
}: IconActionProps & { to: string }) {
  const dismiss = useTooltipDismiss();
  return (
    <Link
      to={to}
      className={className(tone)}
      aria-label={label}
      data-tooltip={label}
      data-tooltip-align={tooltipAlign}
      {...dismiss}
    >
      <Icon className="icon-action__icon" aria-hidden="true" focusable="false" strokeWidth={2} />
    </Link>
  );
}
