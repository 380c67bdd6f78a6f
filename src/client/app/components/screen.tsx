import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { PageHero } from '../../public/components/page-hero';

/** Sets the browser tab's title for the screen shown (WCAG 2.4.2: each screen has its own title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – Folio` : 'Folio';
  }, [title]);
}

/**
 * The frame of every staff screen: the same heading band as the public pages (the screen's only h1), then
 * the screen's body in the page container.
 */
export function Screen({
  title,
  lead,
  actions,
  children,
  narrow = false,
}: {
  title: string;
  lead?: ReactNode;
  /** The screen's own actions (Create New Group, Add, Back To Home …), shown beside its title. */
  actions?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHero title={title} lead={lead} />
      {actions ? <div className="container app-screen__actions">{actions}</div> : null}
      <section className="section section--tight app-screen">
        <div className={narrow ? 'container app-screen__body app-screen__body--narrow' : 'container app-screen__body'}>
          {children}
        </div>
      </section>
    </>
  );
}

/** What shows while something the screen needs is on its way (`inline`: inside a Screen's body). */
export function LoadingStatus({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? 'app-status' : 'container app-status'} role="status">
      <span className="app-status__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** A load that failed, with the way to try again. */
export function LoadFailure({ message, onRetry, inline = false }: { message: string; onRetry: () => void; inline?: boolean }) {
  return (
    <div className={inline ? 'app-status app-status--error' : 'container app-status app-status--error'} role="alert">
      <p>{message}</p>
      <button type="button" className="button button--outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
