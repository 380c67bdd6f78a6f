// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIslands } from './islands';

const enhanced = vi.hoisted(() => ({ carousel: vi.fn(), fallback: vi.fn(), contact: vi.fn() }));
vi.mock('./carousel', () => ({ enhance: enhanced.carousel }));
vi.mock('./fallback-image', () => ({ enhance: enhanced.fallback }));
vi.mock('./contact-form', () => ({ enhance: enhanced.contact }));

afterEach(() => vi.restoreAllMocks());

describe('starting the islands of a page', () => {
  it('loads only the islands on the page and enhances each of their elements', async () => {
    document.body.innerHTML =
      '<section data-island="carousel" id="one"></section><section data-island="carousel" id="two"></section><p>text</p>';
    await startIslands(document);
    expect(enhanced.carousel.mock.calls.map(([element]) => (element as HTMLElement).id)).toEqual(['one', 'two']);
    expect(enhanced.fallback).not.toHaveBeenCalled();
    expect(enhanced.contact).not.toHaveBeenCalled();
  });

  it('reports an island it does not know, and still starts the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<div data-island="marquee"></div><img data-island="fallback-image">';
    await startIslands(document);
    expect(error).toHaveBeenCalledWith(new Error('No island is called marquee'));
    expect(enhanced.fallback).toHaveBeenCalledOnce();
  });
});
