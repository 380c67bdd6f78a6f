import type { CSSProperties } from 'react';
import type { Slide } from '../../../core/content/common/slide';
import { parseStoredImageUrl, webpSrcSet } from '../../../core/media/image-names';
import { useFieldMark, type FieldMark } from '../field-marks';
import { useShownImage } from '../image-details';
import { Icon } from './icon';
import { useSay } from '../site-words';

/**
 * An image carousel built on a horizontal scroll-snap track: it works by swiping, by scrolling and without
 * JavaScript; the buttons and dots only scroll the track (the carousel island, `islands/carousel.ts`, wires them
 * and moves the dots' aria-current). No autoplay (WCAG 2.2.2). `listField` is the path of the slide list
 * (`slideList`): a slide's image, heading and caption are marked `<listField>.<index>.<field>` in previews.
 */
export function Carousel({
  slides,
  label,
  listField,
  priorityFirst = false,
}: {
  slides: readonly Slide[];
  label: string;
  listField?: string;
  priorityFirst?: boolean;
}) {
  const mark = useFieldMark();
  const shownImage = useShownImage();
  const field = (index: number, name: keyof Slide) =>
    listField === undefined ? undefined : `${listField}.${index}.${name}`;
  const count = slides.length;
  const say = useSay();
  if (count === 0) return null;

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label} data-island="carousel">
      {/* Focusable so keyboard users can scroll it with the arrow keys (a scroll container needs a focus stop). */}
      <div className="carousel__track" tabIndex={0}>
        {slides.map((slide, index) => {
          const priority = priorityFirst && index === 0;
          // The slide's own description, else the library's alt text; its focal point kept in the slide's frame.
          const image = shownImage(slide.image, slide.alt);
          return (
            <div
              key={index}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={say('carousel.position', { n: index + 1, count })}
            >
              <SlideImage
                src={slide.image}
                alt={image.alt}
                style={image.style}
                priority={priority}
                mark={mark(field(index, 'image'))}
              />
              {slide.heading || slide.caption ? (
                <div className="carousel__caption">
                  <div className="container">
                    {slide.heading ? (
                      <h2 className="carousel__heading" {...mark(field(index, 'heading'))}>
                        {slide.heading}
                      </h2>
                    ) : null}
                    {slide.caption ? (
                      <p className="carousel__text" {...mark(field(index, 'caption'))}>
                        {slide.caption}
                      </p>
                    ) : null}
                  </div>
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" aria-label={say('carousel.previous')}>
            <Icon name="chevron-left" />
          </button>
          <div className="carousel__dots">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                className="carousel__dot"
                aria-label={say('carousel.goTo', { n: index + 1 })}
                aria-current={index === 0 ? 'true' : undefined}
              />
            ))}
          </div>
          <button type="button" className="carousel__arrow" aria-label={say('carousel.next')}>
            <Icon name="chevron-right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A slide's picture. An uploaded one (docs/design.md §8, §27) also offers the WebP copies made at upload as a srcset, the
 * full width of the window: a phone takes a narrow copy, not the 1600-pixel original.
 */
function SlideImage({
  src,
  alt,
  style,
  priority,
  mark,
}: {
  src: string;
  alt: string;
  /** The focal point of the library's image, as object-position. */
  style: CSSProperties | undefined;
  priority: boolean;
  mark: FieldMark;
}) {
  const uploaded = parseStoredImageUrl(src);
  const img = (
    <img
      className="carousel__image"
      src={src}
      alt={alt}
      style={style}
      width={1600}
      height={700}
      fetchPriority={priority ? 'high' : undefined}
      loading={priority ? undefined : 'lazy'}
      decoding={priority ? undefined : 'async'}
      {...mark}
    />
  );
  if (!uploaded) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={webpSrcSet(src, uploaded)} sizes="100vw" />
      {img}
    </picture>
  );
}
