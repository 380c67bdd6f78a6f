import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Screen } from '../components/screen';
import { agreeToLeave } from '../editors/leave-guard';

/** When the tab last reloaded itself for new code (sessionStorage: this tab only, gone with it). */
export const RELOADED_KEY = 'folio.reloaded-for-new-code';
/** A second failure within this time after such a reload is said, not reloaded again: the reload never loops. */
const RELOAD_GUARD_MS = 60_000;

/** What each browser says when a code file it asked for (a lazily loaded part of the app) could not be fetched. */
const CHUNK_FAILURES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload of a chunk's stylesheet
];

/**
 * Whether an error is a part of the app that could not be loaded: after an upgrade a tab left open asks for code
 * files the server no longer has (their names change with their contents).
 */
export function isChunkLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_FAILURES.some((words) => message.toLowerCase().includes(words.toLowerCase()));
}

/** Whether the tab may reload itself now: not when it did so a moment ago (the new code failed too). */
export function mayReloadForNewCode(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY));
    return !(last > 0 && now - last < RELOAD_GUARD_MS);
  } catch {
    // Storage disabled: no guard against a loop, so no reload either.
    return false;
  }
}

/** Reloads the tab; unsaved editor edits are kept in this browser (drafts), so the browser's own question is not asked. */
function reloadTab(): void {
  agreeToLeave();
  window.location.reload();
}

/**
 * The error element of the app's routes (docs/design.md §34, "After an upgrade"): a screen whose code file no longer
 * exists reloads the tab once, which fetches the new version; unsaved edits are kept as drafts and offered again.
 * If it fails again right after (or for any other error), a sentence says what happened with a Reload button:
 * never React Router's "Unexpected Application Error".
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadFailure(error);
  // Decided once: the reload below marks the tab, which would make a second look say no.
  const [reloading] = useState(() => chunk && mayReloadForNewCode());

  useEffect(() => {
    if (!reloading) return;
    try {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    } catch {
      // See mayReloadForNewCode: never reached without storage.
    }
    reloadTab();
  }, [reloading]);

  const body = reloading ? (
    <p className="lead-text" role="status">
      Folio has been updated. Loading the new version…
    </p>
  ) : (
    <>
      <p className="lead-text">
        {chunk
          ? 'This screen could not be loaded: Folio has probably been updated since this tab was opened. Reload the page to use the new version.'
          : 'Something went wrong while showing this screen. Reload the page to try again.'}{' '}
        Edits you have not saved in a page editor are kept in this browser and offered again when you open it.
      </p>
      <p className="app-actions">
        <button type="button" className="button" onClick={reloadTab}>
          Reload
        </button>
      </p>
    </>
  );
  const screen = (
    <Screen title={reloading ? 'Loading the new version' : 'This screen could not be shown'}>{body}</Screen>
  );
  return standalone ? <Standalone>{screen}</Standalone> : screen;
}

/** Outside the app's shell (its own failure): a main landmark of its own. */
function Standalone({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell__main">
      {children}
    </main>
  );
}
