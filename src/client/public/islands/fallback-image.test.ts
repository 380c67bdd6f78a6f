// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FallbackImage } from '../components/fallback-image';
import { DEFAULT_IMAGE } from '../default-image';
import { enhance } from './fallback-image';

function mount(src: string, broken = false) {
  document.body.innerHTML = `<figure>${renderToStaticMarkup(createElement(FallbackImage, { src, alt: 'Logo', width: 320, height: 160 }))}</figure>`;
  const img = document.querySelector('img')!;
  // jsdom loads no images: an image that failed before the island started is complete with no width.
  if (broken) {
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 0 });
  }
  enhance(img);
  return img;
}

describe('the fallback-image island', () => {
  it('swaps a broken image for the default logo', () => {
    const img = mount('/demo/customers/gone.svg');
    expect(img.getAttribute('src')).toBe('/demo/customers/gone.svg');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE);
  });

  it('swaps an image that broke before the script ran', () => {
    expect(mount('/demo/customers/gone.svg', true).getAttribute('src')).toBe(DEFAULT_IMAGE);
  });

  it('swaps only once, so a missing default logo cannot loop', () => {
    const img = mount('/demo/customers/gone.svg');
    img.dispatchEvent(new Event('error'));
    img.setAttribute('src', '/elsewhere.svg');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/elsewhere.svg');
  });

  it('leaves an empty address alone: the server rendered the default logo already', () => {
    const img = mount('  ');
    expect(img.getAttribute('src')).toBe(DEFAULT_IMAGE);
    img.setAttribute('src', '/elsewhere.svg');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/elsewhere.svg');
  });

  it('drops the WebP sources of a broken uploaded image, which would otherwise still be chosen', () => {
    const img = mount('/uploads/photos/about/0123456789abcdef01234567_800x600.png');
    expect(document.querySelector('picture source')).not.toBeNull();
    img.dispatchEvent(new Event('error'));
    expect(document.querySelector('picture')).toBeNull();
    expect(document.querySelector('figure')!.innerHTML).toBe(
      `<img src="${DEFAULT_IMAGE}" alt="Logo" width="320" height="160" decoding="async" data-island="fallback-image">`,
    );
  });
});
