import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer, cssTransition, toast } from 'react-toastify/unstyled';
import type { CloseButtonProps, TypeOptions } from 'react-toastify/unstyled';
// The unstyled build injects no <style> at run time; its stylesheet is bundled with the app's instead.
import 'react-toastify/ReactToastify.css';

/**
 * A fade (defined in app.css). react-toastify ends a toast on its animation's end, so app.css keeps this
 * fade, and the progress bar that times the toast, running even when the user asks for reduced motion.
 */
const Fade = cssTransition({ enter: 'app-toast--enter', exit: 'app-toast--exit', collapseDuration: 200 });

function ToastMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="app-toast">
      <strong className="app-toast__title">{title}</strong>
      <span className="app-toast__text">{text}</span>
    </div>
  );
}

/** The editor's Save and Publish bar (editor-frame.tsx), which stays at the bottom of the window. */
const BOTTOM_BAR = '.editor-actions';
/** What a toast at the top right must stay below: the staff top bar and the screen's own actions (Add, Back To Home). */
const TOP_CONTROLS = ['.staff-topbar', '.app-screen__actions'];
/** The gap a toast keeps from what it stays clear of. */
const GAP_PX = 12;

/**
 * Where a toast may sit so that it covers no control (docs/design.md §24), measured as it opens, since bars and title rows
 * change height with their buttons and the page's scroll: at the top right below the top bar and below the
 * screen's actions while they are in view; on a phone (app.css) at the bottom, above the editor's action bar.
 */
function keepClearOfControls(): void {
  const bar = document.querySelector(BOTTOM_BAR);
  const top = bar?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
  const clearance = top < window.innerHeight ? Math.ceil(window.innerHeight - Math.max(top, 0)) : 0;
  const below = TOP_CONTROLS.flatMap((selector) => [...document.querySelectorAll(selector)])
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0 && box.top < window.innerHeight / 2)
    .reduce((lowest, box) => Math.max(lowest, box.bottom), 0);
  const root = document.documentElement.style;
  root.setProperty('--app-toast-bottom-bar', `${clearance}px`);
  root.setProperty('--app-toast-top', `${Math.ceil(below) + GAP_PX}px`);
}

function show(type: Exclude<TypeOptions, 'default'>, text: string, title: string): void {
  // The text is the toast's id: the same message twice in a row shows once (spec 001 §9, no duplicates).
  const toastId = text;
  if (toast.isActive(toastId)) return;
  keepClearOfControls();
  toast(<ToastMessage title={title} text={text} />, { type, toastId });
}

/** Every message the app shows goes through here (spec 001 §8 catalogue, §9 behaviour). */
export const notify = {
  success: (text: string, title = 'Success') => show('success', text, title),
  error: (text: string, title = 'Oops') => show('error', text, title),
  warning: (text: string, title = 'Warning') => show('warning', text, title),
  /** Closes every toast: what was said before an outcome no longer holds once it is reached (docs/design.md §34). */
  clear: () => toast.dismiss(),
};

/**
 * The dialog on top, if one is open: the open dialog that holds no other (a question asked from a dialog is rendered
 * inside it), the last in the document when several stand side by side. The staff app opens its dialogs modal
 * (showModal) only; a toast inside one that was not would show all the same.
 */
function topDialog(root: ParentNode = document): HTMLDialogElement | null {
  const open = [...root.querySelectorAll<HTMLDialogElement>('dialog[open]')];
  return open.filter((dialog) => !open.some((other) => other !== dialog && dialog.contains(other))).at(-1) ?? null;
}

/**
 * The toasts' own node, kept inside the modal dialog on top while one is open, else in the body (docs/design.md §34: a
 * toast never hides under a dialog). A modal dialog sits in the browser's top layer, above every z-index, and makes
 * the rest of the page inert: a toast outside it would show dimmed under its backdrop and could not be clicked.
 * The node moves as dialogs open, close or go (a MutationObserver); React renders into it through a portal, so the
 * toasts shown stay while it moves.
 */
function useToastHost(): HTMLElement {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    host.className = 'app-toasts-host';
    const rehome = () => {
      const place = topDialog() ?? document.body;
      if (host.parentNode !== place) place.append(host);
    };
    rehome();
    const observer = new MutationObserver(rehome);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      host.remove();
    };
  }, [host]);
  return host;
}

/**
 * A toast's close button, named for what it closes: a toast sits inside an open dialog (useToastHost), where
 * react-toastify's own "close" would be a second Close beside the dialog's.
 */
function DismissButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label="Dismiss this message"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The one toast container: 5 seconds with a progress bar, pausing under the pointer (spec 001 §9). Where it
 * sits (docs/design.md §24, app.css): top right, below the staff app's top bar, where it covers no form's buttons (not
 * the centre of the spec, which hid the Log In button for five seconds); on a phone across the bottom; above an
 * open modal dialog, inside it (useToastHost).
 */
export function Toasts() {
  const host = useToastHost();
  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={5000}
      hideProgressBar={false}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      newestOnTop
      draggable={false}
      theme="light"
      transition={Fade}
      closeButton={DismissButton}
      className="app-toasts"
    />,
    host,
  );
}
