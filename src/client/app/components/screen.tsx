import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { House } from 'lucide-react';

/** Sets the browser tab's title for the screen shown (WCAG 2.4.2: each screen has its own title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – Folio` : 'Folio';
  }, [title]);
}

/**
 * The frame of every staff screen inside the app's shell: a header row with the title (the screen's only h1)
 * and the screen's actions beside it (wrapping under it when the width runs out), an optional lead, then the
 * screen's body (`narrow`: forms of a few fields).
 */
export function Screen({
  title,
  lead,
  actions,
  children,
  narrow = false,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  /** The screen's own actions (Create New Group, Add, Back To Home …), shown beside its title. */
  actions?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
  /** The whole width of the content area (an editor with its preview beside it). */
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className={narrow ? 'app-screen app-screen--narrow' : wide ? 'app-screen app-screen--wide' : 'app-screen'}>
      <div className="app-screen__header">
        <div className="app-screen__heading">
          <h1 className="app-screen__title">{title}</h1>
          {lead ? <div className="app-screen__lead">{lead}</div> : null}
        </div>
        {actions ? <div className="app-screen__actions">{actions}</div> : null}
      </div>
      <div className={narrow ? 'app-screen__body app-screen__body--narrow' : 'app-screen__body'}>{children}</div>
    </div>
  );
}

/** What shows while something the screen needs is on its way (`inline`: inside a Screen's body). */
export function LoadingStatus({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'app-status' : 'app-status app-status--screen'} role="status">
      <span className="app-status__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** A load that failed, with the way to try again. */
export function LoadFailure({
  message,
  onRetry,
  inline = false,
}: {
  message: string;
  onRetry: () => void;
  inline?: boolean;
}) {
  return (
    <div
      className={inline ? 'app-status app-status--error' : 'app-status app-status--error app-status--screen'}
      role="alert"
    >
      <p>{message}</p>
      <button type="button" className="button button--outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Back To Home: the way out of a list screen, among its actions beside the title. */
export function BackToHomeLink() {
  return (
    <Link className="button button--outline" to="/Home">
      <House className="button__icon" aria-hidden="true" focusable="false" />
      Back To Home
    </Link>
  );
}
