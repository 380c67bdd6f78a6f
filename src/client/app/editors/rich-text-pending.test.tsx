// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { withTestRoot } from '../test-support/dom';
import { RichTextEditor } from './rich-text-editor';
import { RichTextPending } from './rich-text-pending';

/**
 * A rich-text field's stand-in while its editor's chunk loads (docs/design.md §26): the toolbar's place and the text's
 * blocks in the editor's shapes, holding only words (the browser test editor-steadiness.spec.ts measures the heights).
 */
const dom = withTestRoot();

const render = (value: string, oneLine = false) =>
  dom.render(<RichTextPending id="story" label="Story" value={value} oneLine={oneLine} />);
const blocks = () =>
  [...dom.container.querySelectorAll('.rte__content--pending > *')].map((block) => ({
    tag: block.tagName.toLowerCase(),
    text: block.textContent,
  }));

describe('the rich-text stand-in', () => {
  it('keeps headings, paragraphs, list items and line breaks, as words only', () => {
    render('<h2>Who <em>we</em> are</h2><p>Widgets,<br>made in Pune.</p><ol><li><p>Steel</p></li><li>Brass</li></ol>');
    expect(blocks()).toEqual([
      { tag: 'h2', text: 'Who we are' },
      { tag: 'p', text: 'Widgets,\nmade in Pune.' },
      { tag: 'ol', text: 'SteelBrass' },
    ]);
    expect([...dom.container.querySelectorAll('li p')].map((p) => p.textContent)).toEqual(['Steel', 'Brass']);
  });

  it('shows markup as text, never as HTML', () => {
    render('<p>&lt;script&gt;alert(1)&lt;/script&gt;<img src=x onerror="alert(2)"></p>');
    expect(dom.container.querySelector('script, img')).toBeNull();
    expect(blocks()).toEqual([{ tag: 'p', text: '<script>alert(1)</script>' }]);
  });

  it('puts words outside any block in one paragraph, and an accented heading on its one line', () => {
    render('Plain words <b>with</b> a <p>block</p>');
    expect(blocks()).toEqual([{ tag: 'p', text: 'Plain words with a block' }]);
    render('<p>Our <span class="accent">Expertise</span></p>', true);
    expect(blocks()).toEqual([{ tag: 'p', text: 'Our Expertise' }]);
  });

  it('has the toolbar’s place, hidden from screen readers, and no textbox yet', () => {
    render('<p>Words</p>');
    const toolbar = dom.container.querySelector('.rte__toolbar')!;
    expect(toolbar.getAttribute('aria-hidden')).toBe('true');
    // Group by group, a box for each control of the editor's toolbar (a button added there is added here too).
    const stand = [...toolbar.querySelectorAll('.rte__group')].map((group) =>
      [...group.children].map((box) => (box.classList.contains('rte__select') ? 'select' : 'button')),
    );
    render('<p>Words</p>');
    dom.render(<RichTextEditor id="story" label="Story" value="<p>Words</p>" onChange={() => {}} />);
    const real = [...dom.container.querySelectorAll('[role="toolbar"] .rte__group')].map((group) =>
      [...group.querySelectorAll('button, select, input')].map((control) =>
        control.tagName === 'SELECT' ? 'select' : 'button',
      ),
    );
    expect(real.length).toBeGreaterThan(0);
    expect(stand).toEqual(real);
    render('<p>Words</p>');
    expect(dom.container.querySelector('[role="textbox"], [contenteditable]')).toBeNull();
    render('<p>Words</p>', true);
    expect(dom.container.querySelector('.rte__toolbar')?.textContent).toBe('Accent colour');
  });
});
