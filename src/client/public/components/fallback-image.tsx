import { useEffect, useRef, useState } from 'react';
import { parseStoredImageUrl, webpSrcSet } from '../../../core/media/image-names';

export const DEFAULT_IMAGE = '/images/default-logo.svg';

/**
 * An image that shows the default logo when its own file is missing or broken (spec 000 §2 About, Customers).
 * The error may have happened before hydration, when React was not yet listening, so the effect checks the
 * element once after hydration as well. Once on the fallback it never swaps again, so a missing fallback
 * cannot loop.
 *
 * An uploaded image (DESIGN §8) also offers the WebP copies made at upload as a responsive srcset; the
 * browser picks the width it needs and takes the stored PNG/JPEG when it does not read WebP.
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
  loading,
  sizes,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** How wide the image is shown (for the srcset choice); default its width in CSS pixels. */
  sizes?: string;
}) {
  const [failed, setFailed] = useState(src.trim() === '');
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (!failed && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [failed]);

  const uploaded = failed ? null : parseStoredImageUrl(src);
  const img = (
    <img
      ref={ref}
      src={failed ? DEFAULT_IMAGE : src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={loading}
      decoding="async"
      onError={() => {
        if (!failed) setFailed(true);
      }}
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
