import { useEffect, useRef, useState } from 'react';
import type { Slide } from '../../../core/content/slide';
import { Icon } from './icon';

/**
 * An image carousel built on a horizontal scroll-snap track: it works by swiping, by scrolling and without
 * JavaScript; the buttons and dots only scroll the track. No autoplay (WCAG 2.2.2).
 */
export function Carousel({
  slides,
  label,
  priorityFirst = false,
}: {
  slides: readonly Slide[];
  label: string;
  priorityFirst?: boolean;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  /** The slide a button asked for while the smooth scroll to it is still running. */
  const pendingRef = useRef<number | null>(null);
  const [current, setCurrent] = useState(0);
  const count = slides.length;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const settle = () => {
      const width = track.clientWidth || 1;
      const position = track.scrollLeft / width;
      const pending = pendingRef.current;
      if (pending !== null) {
        // Ignore the slides passed on the way; the dots show the target from the click on.
        if (Math.abs(position - pending) > 0.02) return;
        pendingRef.current = null;
      }
      setCurrent(Math.min(count - 1, Math.max(0, Math.round(position))));
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(settle);
    };
    // A swipe or scroll that interrupts a button's scroll ends where the user left it.
    const onScrollEnd = () => {
      pendingRef.current = null;
      settle();
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', onScrollEnd);
    return () => {
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', onScrollEnd);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  if (count === 0) return null;

  // The track's CSS scroll-behavior decides smooth or instant (instant under prefers-reduced-motion).
  const goTo = (index: number) => {
    const track = trackRef.current;
    if (!track) return;
    const target = (index + count) % count;
    const left = target * track.clientWidth;
    pendingRef.current = Math.abs(track.scrollLeft - left) > 1 ? target : null;
    track.scrollTo({ left });
    setCurrent(target);
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      {/* Focusable so keyboard users can scroll it with the arrow keys (a scroll container needs a focus stop). */}
      <div className="carousel__track" ref={trackRef} tabIndex={0}>
        {slides.map((slide, index) => {
          const priority = priorityFirst && index === 0;
          return (
            <div
              key={index}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
            >
              <img
                className="carousel__image"
                src={slide.image}
                alt={slide.alt}
                width={1600}
                height={700}
                fetchPriority={priority ? 'high' : undefined}
                loading={priority ? undefined : 'lazy'}
                decoding={priority ? undefined : 'async'}
              />
              {slide.heading || slide.caption ? (
                <div className="carousel__caption">
                  <div className="container">
                    {slide.heading ? <h2 className="carousel__heading">{slide.heading}</h2> : null}
                    {slide.caption ? <p className="carousel__text">{slide.caption}</p> : null}
                  </div>
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" aria-label="Previous slide" onClick={() => goTo(current - 1)}>
            <Icon name="chevron-left" />
          </button>
          <div className="carousel__dots">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                className="carousel__dot"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <button type="button" className="carousel__arrow" aria-label="Next slide" onClick={() => goTo(current + 1)}>
            <Icon name="chevron-right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
