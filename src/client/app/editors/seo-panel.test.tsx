// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Seo } from '../../../core/schemas/seo';
import { SeoPanel, searchResultPreview, seoCounter } from './seo-panel';
import type { SeoDefaults } from './seo-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DEFAULTS: SeoDefaults = {
  title: 'About · Acme Widgets',
  description: 'Acme Widgets makes widgets for everyone who needs one.',
  image: '/uploads/photos/about/0123456789abcdef01234567_600x400.png',
  url: 'https://acme.example/About1',
};

let container: HTMLDivElement;
let root: Root;
let changes: Seo[];

function Controlled({ initial, defaults }: { initial: Seo | undefined; defaults: SeoDefaults }) {
  const [seo, setSeo] = useState(initial);
  return (
    <SeoPanel
      seo={seo}
      defaults={defaults}
      idPrefix="about"
      onChange={(next) => {
        changes.push(next);
        setSeo(next);
      }}
    />
  );
}

function render(initial: Seo | undefined, defaults = DEFAULTS) {
  act(() => root.render(<Controlled initial={initial} defaults={defaults} />));
}

/** Types into a controlled input as a user would (React listens to the native value setter's input event). */
function type(element: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')!.set!;
  act(() => {
    setter.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const describedText = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  changes = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('seoCounter', () => {
  it('counts a title out of 70 and adds the hint from 60 characters on', () => {
    expect(seoCounter('title', 42)).toEqual({ count: '42 / 70', note: '' });
    expect(seoCounter('title', 59).note).toBe('');
    expect(seoCounter('title', 60).note).toBe(
      'Search results show about 60 characters: the rest of a longer title may be cut.',
    );
    expect(seoCounter('title', 70)).toEqual({
      count: '70 / 70',
      note: 'Search results show about 60 characters, and a title takes at most 70.',
    });
  });

  it('counts a description out of 160 and adds the hint from 150 characters on', () => {
    expect(seoCounter('description', 149)).toEqual({ count: '149 / 160', note: '' });
    expect(seoCounter('description', 150).note).toBe(
      'Search results show about 150 characters: the rest of a longer description may be cut.',
    );
    expect(seoCounter('description', 160).note).toContain('at most 160');
  });
});

describe('searchResultPreview', () => {
  it('shows the defaults while the page has no title or description of its own', () => {
    expect(searchResultPreview(undefined, DEFAULTS)).toEqual({
      title: 'About · Acme Widgets',
      url: 'https://acme.example/About1',
      description: 'Acme Widgets makes widgets for everyone who needs one.',
      ownTitle: false,
      ownDescription: false,
    });
    // Spaces alone are no title.
    expect(searchResultPreview({ title: '  ', description: '', image: '' }, DEFAULTS).title).toBe(
      'About · Acme Widgets',
    );
  });

  it('shows the page’s own words, cut at a word’s end with an ellipsis as a search engine would', () => {
    const title = 'Widgets for every workshop, factory floor and kitchen table in the land';
    const description = `${'Sturdy widgets made to last. '.repeat(7)}The end.`;
    const preview = searchResultPreview({ title, description, image: '' }, DEFAULTS);
    expect(preview.ownTitle).toBe(true);
    expect(preview.title.length).toBeLessThanOrEqual(60);
    expect(preview.title).toBe('Widgets for every workshop, factory floor and kitchen…');
    expect(preview.description.length).toBeLessThanOrEqual(160);
    expect(preview.description.endsWith('…')).toBe(true);
    expect(description.startsWith(preview.description.slice(0, -1))).toBe(true);
  });
});

describe('SeoPanel', () => {
  it('is a titled block with labelled fields whose placeholders are the defaults, and previews the defaults', () => {
    render(undefined);
    expect(container.querySelector('h2')?.textContent).toBe('Search and sharing');
    const title = container.querySelector<HTMLInputElement>('#about-seo-title')!;
    const description = container.querySelector<HTMLTextAreaElement>('#about-seo-description')!;
    expect(container.querySelector('label[for="about-seo-title"]')?.textContent).toBe('Search title');
    expect(container.querySelector('label[for="about-seo-description"]')?.textContent).toBe('Search description');
    expect(container.querySelector('label[for="about-seo-image"]')?.textContent).toBe('Sharing image');
    expect(title.placeholder).toBe(DEFAULTS.title);
    expect(title.maxLength).toBe(70);
    expect(description.placeholder).toBe(DEFAULTS.description);
    expect(description.maxLength).toBe(160);
    expect(container.textContent).toContain('Empty fields use the page’s defaults');
    expect(container.querySelector('.seo-preview__title')?.textContent).toBe(DEFAULTS.title);
    expect(container.querySelector('.seo-preview__url')?.textContent).toBe(DEFAULTS.url);
    expect(container.querySelector('.seo-preview__description')?.textContent).toBe(DEFAULTS.description);
    expect(container.querySelector('.seo-preview__note')?.textContent).toBe(
      'Shown with the default title and description.',
    );
    // No image of its own: no Remove, and the default image is shown as what is shared.
    expect([...container.querySelectorAll('button')].some((b) => b.textContent === 'Remove image')).toBe(false);
    expect(container.querySelector<HTMLImageElement>('.seo-image__default img')?.getAttribute('src')).toBe(
      DEFAULTS.image,
    );
  });

  it('ties the counter to the input, announces the hint politely from 60 characters, and updates the preview', () => {
    render(undefined);
    const title = container.querySelector<HTMLInputElement>('#about-seo-title')!;
    expect(describedText(title)).toContain('0 / 70');
    type(title, 'Widgets that last');
    expect(changes.at(-1)).toEqual({ title: 'Widgets that last', description: '', image: '' });
    expect(describedText(title)).toContain('17 / 70');
    const live = container.querySelector('#about-seo-title-hint [aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    expect(container.querySelector('.seo-preview__title')?.textContent).toBe('Widgets that last');
    expect(container.querySelector('.seo-preview__note')?.textContent).toBe('Shown with the default description.');

    type(title, 'x'.repeat(60));
    expect(describedText(title)).toContain('60 / 70');
    expect(live.textContent).toContain('Search results show about 60 characters');

    const description = container.querySelector<HTMLTextAreaElement>('#about-seo-description')!;
    type(description, 'y'.repeat(150));
    expect(describedText(description)).toContain('150 / 160');
    expect(container.querySelector('#about-seo-description-hint [aria-live="polite"]')?.textContent).toContain(
      'Search results show about 150 characters',
    );
  });

  it('removes the page’s own image, which brings the default back', () => {
    render({ title: '', description: '', image: 'https://images.example/card.png' });
    const remove = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Remove image')!;
    act(() => remove.click());
    expect(changes.at(-1)).toEqual({ title: '', description: '', image: '' });
    expect(container.querySelector<HTMLInputElement>('#about-seo-image')?.value).toBe('');
    expect(container.querySelector('.seo-image__default')).not.toBeNull();
  });
});
