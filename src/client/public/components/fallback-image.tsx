import { useEffect, useRef, useState } from 'react';

export const DEFAULT_IMAGE = '/images/default-logo.svg';

/**
 * An image that shows the default logo when its own file is missing or broken (spec 000 §2 About, Customers).
 * The error may have happened before hydration, when React was not yet listening, so the effect checks the
 * element once after hydration as well. Once on the fallback it never swaps again, so a missing fallback
 * cannot loop.
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className,
  loading,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const [failed, setFailed] = useState(src.trim() === '');
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (!failed && img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, [failed]);

  return (
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
}
