// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '../components/carousel';
import { enhance } from './carousel';

const slide = (n: number) => ({ image: `/s${n}.svg`, alt: `Slide ${n}`, heading: `Heading ${n}`, caption: '' });
const WIDTH = 800;

let track: HTMLElement;
let scrolledTo: number[];
const button = (name: string) => document.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`)!;
const currentDot = () =>
  [...document.querySelectorAll('[aria-current="true"]')].map((dot) => dot.getAttribute('aria-label'));
const scrollTrack = (left: number, event = 'scroll') => {
  track.scrollLeft = left;
  track.dispatchEvent(new Event(event));
};

function mount(count: number) {
  document.body.innerHTML = renderToStaticMarkup(
    createElement(Carousel, { slides: Array.from({ length: count }, (_, i) => slide(i + 1)), label: 'Highlights' }),
  );
  track = document.querySelector<HTMLElement>('.carousel__track')!;
  // jsdom lays nothing out: the track is given a width and a scroll position that scrollTo moves.
  let left = 0;
  Object.defineProperty(track, 'clientWidth', { value: WIDTH });
  Object.defineProperty(track, 'scrollLeft', { get: () => left, set: (value: number) => (left = value) });
  scrolledTo = [];
  track.scrollTo = ((options: ScrollToOptions) => scrolledTo.push(options.left ?? 0)) as typeof track.scrollTo;
  enhance(document.querySelector('.carousel')!);
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(0);
    return 1;
  });
});

describe('the carousel island', () => {
  it('scrolls to the next and previous slide, round at both ends, and the dots follow', () => {
    mount(3);
    expect(currentDot()).toEqual(['Go to slide 1']);
    button('Next slide').click();
    expect(scrolledTo).toEqual([WIDTH]);
    expect(currentDot()).toEqual(['Go to slide 2']);
    button('Previous slide').click();
    button('Previous slide').click();
    expect(scrolledTo).toEqual([WIDTH, 0, 2 * WIDTH]);
    expect(currentDot()).toEqual(['Go to slide 3']);
    button('Next slide').click();
    expect(currentDot()).toEqual(['Go to slide 1']);
  });

  it('goes to the slide of a dot', () => {
    mount(3);
    button('Go to slide 3').click();
    expect(scrolledTo).toEqual([2 * WIDTH]);
    expect(currentDot()).toEqual(['Go to slide 3']);
  });

  it('follows a swipe or scroll of the track', () => {
    mount(3);
    scrollTrack(WIDTH + 10);
    expect(currentDot()).toEqual(['Go to slide 2']);
  });

  it('shows the target of a button while its smooth scroll passes other slides; a scroll that interrupts it wins', () => {
    mount(3);
    button('Go to slide 3').click();
    scrollTrack(WIDTH);
    expect(currentDot()).toEqual(['Go to slide 3']);
    scrollTrack(WIDTH, 'scrollend');
    expect(currentDot()).toEqual(['Go to slide 2']);
  });

  it('leaves a single slide alone (it has no controls)', () => {
    mount(1);
    expect(document.querySelector('.carousel__controls')).toBeNull();
    scrollTrack(10);
    expect(scrolledTo).toEqual([]);
  });
});
