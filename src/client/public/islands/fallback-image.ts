import { DEFAULT_IMAGE } from '../default-image';

/**
 * The fallback-image island: a server-rendered image whose file is missing or broken shows the default logo.
 * The file may have failed before this script ran, so the image is checked once on start as well as on its
 * error event. It swaps once: a missing default logo cannot loop.
 */
export function enhance(img: HTMLElement): void {
  if (!(img instanceof HTMLImageElement)) return;
  // An empty address was rendered as the default logo already.
  let swapped = img.getAttribute('src') === DEFAULT_IMAGE;
  const swap = () => {
    if (swapped) return;
    swapped = true;
    // The WebP sources of an uploaded image would still win over the img's own address: drop the <picture>.
    const picture = img.parentElement;
    if (picture instanceof HTMLPictureElement) picture.replaceWith(img);
    img.src = DEFAULT_IMAGE;
  };
  img.addEventListener('error', swap);
  if (img.complete && img.naturalWidth === 0) swap();
}
