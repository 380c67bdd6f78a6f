import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { parseStoredImageUrl } from '../../core/media/image-names';
import type { ImageDetails } from '../../core/public-page';

/**
 * The media library's words and focal point for the images a page shows (docs/design.md §27). An image shows its field's
 * own words (a person's name, a slide's description) when it has them, else the alt text set in the library; its
 * focal point places it in boxes of a fixed ratio (`object-position`), so the face stays in view when a wide
 * picture is cut to a square. Rendered on the server only: the browser gets the attributes, nothing more.
 */
const ImageDetailsContext = createContext<ReadonlyMap<string, ImageDetails> | undefined>(undefined);

export function ImageDetailsProvider({
  images,
  children,
}: {
  images: ReadonlyMap<string, ImageDetails> | undefined;
  children: ReactNode;
}) {
  return <ImageDetailsContext value={images}>{children}</ImageDetailsContext>;
}

/** What an image shows besides its picture: its alt text and, off the centre, its focal point as a style. */
export interface ShownImage {
  alt: string;
  style: CSSProperties | undefined;
}

/**
 * The alt text and placement of the image at `src`: `ownAlt` (the field's words) when it has any, else the
 * library's alt text, else `fallbackAlt`; the library's focal point as `object-position` unless it is the centre.
 */
export function useShownImage(): (src: string, ownAlt: string, fallbackAlt?: string) => ShownImage {
  const images = useContext(ImageDetailsContext);
  return (src, ownAlt, fallbackAlt = '') => {
    const stored = images && images.size > 0 ? parseStoredImageUrl(src) : null;
    const details = stored ? images?.get(`${stored.folder}/${stored.name}`) : undefined;
    const alt = ownAlt.trim() || details?.alt || fallbackAlt;
    if (!details || (details.focalX === 0.5 && details.focalY === 0.5)) return { alt, style: undefined };
    return { alt, style: { objectPosition: `${percent(details.focalX)} ${percent(details.focalY)}` } };
  };
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;
