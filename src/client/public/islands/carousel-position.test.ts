import { describe, expect, it } from 'vitest';
import { settledSlide, wrapSlide } from './carousel-position';

describe('the carousel position', () => {
  it('goes round at both ends', () => {
    expect(wrapSlide(3, 3)).toBe(0);
    expect(wrapSlide(-1, 3)).toBe(2);
    expect(wrapSlide(1, 3)).toBe(1);
  });

  it('shows the slide nearest the scroll position, within the slides', () => {
    expect(settledSlide(0, 800, 3, null)).toBe(0);
    expect(settledSlide(790, 800, 3, null)).toBe(1);
    expect(settledSlide(5000, 800, 3, null)).toBe(2);
    expect(settledSlide(-40, 800, 3, null)).toBe(0);
    // A track not laid out yet (width 0) counts as one pixel wide rather than dividing by zero.
    expect(settledSlide(0, 0, 3, null)).toBe(0);
  });

  it('keeps the target of a button while its smooth scroll is on the way, then settles on it', () => {
    expect(settledSlide(400, 800, 3, 2)).toBeNull();
    expect(settledSlide(1595, 800, 3, 2)).toBe(2);
  });
});
