import { parseStoredImageUrl, webpSrcSet } from './image-names';

/** The demo logo (docs/design.md §34): the header's, the staff app's and the favicon's until the firm uploads its own. */
export const DEMO_BRAND_LOGO = '/images/logo.svg';
/** The demo company's logo field: its pages' sharing picture (1200 × 630, docs/design.md §20), no logo of a firm. */
export const DEMO_COMPANY_LOGO = '/demo/logo.png';

/** The logo as the public header and the staff app's top bar show it: its address, and its size for the layout. */
export interface BrandLogo {
  src: string;
  /** WebP copies of an upload for `srcset` (docs/design.md §8); absent for any other image. */
  srcSet?: string;
  /** The image's own size, or a square for an image whose size is not known: the box is kept before it loads. */
  width: number;
  height: number;
  /** The firm's own logo (false: the demo logo). */
  own: boolean;
}

/**
 * The firm's logo from the company's `logo` field (docs/design.md §34): an uploaded image or an address elsewhere; the
 * demo logo while there is none, and while the field holds the demo company's sharing picture.
 */
export function brandLogo(logo: string): BrandLogo {
  const address = logo.trim();
  if (address === '' || address === DEMO_COMPANY_LOGO)
    return { src: DEMO_BRAND_LOGO, width: 64, height: 64, own: false };
  const stored = parseStoredImageUrl(address);
  if (!stored) return { src: address, width: 64, height: 64, own: true };
  return { src: address, srcSet: webpSrcSet(address, stored), width: stored.width, height: stored.height, own: true };
}
