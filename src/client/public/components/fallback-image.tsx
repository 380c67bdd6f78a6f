import { parseStoredImageUrl, webpSrcSet } from '../../../core/media/image-names';
import { DEFAULT_IMAGE } from '../default-image';
import { useFieldMark } from '../field-marks';
import { useShownImage } from '../image-details';

/**
 * An image that shows the default logo when its own file is missing or broken (spec 000 §2 About, Customers).
 * An empty address is the default logo from the start; a file that fails to load is swapped for it in the
 * browser by the fallback-image island (`islands/fallback-image.ts`).
 *
 * An uploaded image (docs/design.md §8) also offers the WebP copies made at upload as a responsive srcset; the
 * browser picks the width it needs and takes the stored PNG/JPEG when it does not read WebP. Its alt text is
 * `alt` (the field's own words) when there are any, else the media library's, else `fallbackAlt`; the library's
 * focal point places it in its box (docs/design.md §27).
 */
export function FallbackImage({
  src,
  alt,
  fallbackAlt,
  width,
  height,
  className,
  loading,
  sizes,
  field,
}: {
  src: string;
  /** The field's own words for the image (may be empty: the library's alt text then). */
  alt: string;
  /** The words when neither the field nor the library has any. */
  fallbackAlt?: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** How wide the image is shown (for the srcset choice); default its width in CSS pixels. */
  sizes?: string;
  /** The path of the image field it shows, marked on the <img> in previews. */
  field?: string | undefined;
}) {
  const mark = useFieldMark();
  const shown = useShownImage()(src, alt, fallbackAlt);
  const missing = src.trim() === '';
  const uploaded = missing ? null : parseStoredImageUrl(src);
  const img = (
    <img
      src={missing ? DEFAULT_IMAGE : src}
      alt={shown.alt}
      style={shown.style}
      width={width}
      height={height}
      className={className}
      loading={loading}
      decoding="async"
      data-island="fallback-image"
      {...mark(field)}
    />
  );
  if (!uploaded) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={webpSrcSet(src, uploaded)} sizes={sizes ?? `${width}px`} />
      {img}
    </picture>
  );
}
