import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A refusal that names no field (the server's sentence), read out as it appears; nothing while there is none. */
export function Refusal({ message }: { message: string | null }) {
  return message ? (
    <p className="refusal-box refusal-box--strong" role="alert">
      {message}
    </p>
  ) : null;
}

/** A form's submit button, busy (and not pressed twice) while its call is on its way. */
export function SubmitButton({
  pending,
  icon: Icon,
  children,
}: {
  pending: boolean;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
      <Icon className="button__icon" aria-hidden="true" focusable="false" />
      {children}
    </button>
  );
}
