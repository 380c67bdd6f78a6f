import { settledSlide, wrapSlide } from './carousel-position';

/**
 * The carousel island: Previous, Next and the dots scroll the server-rendered track, and the dots follow the
 * slide in view however it got there (buttons, swipe, scroll, keyboard). No autoplay (WCAG 2.2.2).
 */
export function enhance(carousel: HTMLElement): void {
  const track = carousel.querySelector<HTMLElement>('.carousel__track');
  const dots = Array.from(carousel.querySelectorAll<HTMLButtonElement>('.carousel__dot'));
  const [previous, next] = Array.from(carousel.querySelectorAll<HTMLButtonElement>('.carousel__arrow'));
  const count = carousel.querySelectorAll('.carousel__slide').length;
  // One slide has no controls: nothing to do.
  if (!track || !previous || !next || count < 2) return;
  let current = 0;
  /** The slide a button asked for while the smooth scroll to it is still running. */
  let pending: number | null = null;
  let frame = 0;

  const show = (index: number) => {
    current = index;
    dots.forEach((dot, i) =>
      i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
  };

  // The track's CSS scroll-behavior decides smooth or instant (instant under prefers-reduced-motion).
  const goTo = (index: number) => {
    const target = wrapSlide(index, count);
    const left = target * track.clientWidth;
    pending = Math.abs(track.scrollLeft - left) > 1 ? target : null;
    track.scrollTo({ left });
    show(target);
  };

  const settle = () => {
    const slide = settledSlide(track.scrollLeft, track.clientWidth, count, pending);
    if (slide === null) return;
    pending = null;
    show(slide);
  };

  previous.addEventListener('click', () => goTo(current - 1));
  next.addEventListener('click', () => goTo(current + 1));
  dots.forEach((dot, index) => dot.addEventListener('click', () => goTo(index)));
  track.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(settle);
    },
    { passive: true },
  );
  // A swipe or scroll that interrupts a button's scroll ends where the user left it.
  track.addEventListener('scrollend', () => {
    pending = null;
    settle();
  });
}
