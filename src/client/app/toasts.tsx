import { ToastContainer, cssTransition, toast } from 'react-toastify/unstyled';
import type { TypeOptions } from 'react-toastify/unstyled';
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

function show(type: Exclude<TypeOptions, 'default'>, text: string, title: string): void {
  // The text is the toast's id: the same message twice in a row shows once (spec 001 §9, no duplicates).
  const toastId = text;
  if (toast.isActive(toastId)) return;
  toast(<ToastMessage title={title} text={text} />, { type, toastId });
}

/** Every message the app shows goes through here (spec 001 §8 catalogue, §9 behaviour). */
export const notify = {
  success: (text: string, title = 'Success') => show('success', text, title),
  error: (text: string, title = 'Oops') => show('error', text, title),
  warning: (text: string, title = 'Warning') => show('warning', text, title),
};

/** The one toast container: centre of the screen, 5 seconds with a progress bar, pauses under the pointer. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={5000}
      hideProgressBar={false}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      newestOnTop
      draggable={false}
      theme="light"
      transition={Fade}
      className="app-toasts"
    />
  );
}
