import { describe, expect, it } from 'vitest';
import { comparableMarkup } from './comparable-markup';

/** Compare's view of rich text (docs/design.md §24): equal when a visitor sees the same, different when not. */
describe('comparableMarkup', () => {
  const same = (a: string, b: string) => expect(comparableMarkup(a)).toBe(comparableMarkup(b));
  const different = (a: string, b: string) => expect(comparableMarkup(a)).not.toBe(comparableMarkup(b));

  it('reads the same markup written two ways as equal', () => {
    same('<p>One<br>two</p>', '<p>One<br />two</p>');
    same('<p>One<br/>two</p>', '<p>One<BR>two</p>');
    same(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
      '<a rel="noopener noreferrer" target="_blank" href="/x">x</a>',
    );
    same("<a href='/x'>x</a>", '<a href="/x">x</a>');
    same('<a href="/x" target="_blank">x</a>', '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    same('<p>a</p>\n<p>b</p>', '<p>a</p><p>b</p>');
    same('<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>', '<ul><li>a</li><li>b</li></ul>');
    same('<p>a  b\nc</p>', '<p>a b c</p>');
    same('<p>a&nbsp;b</p>', '<p>a\u00a0b</p>');
    same('<p>R&amp;D &#39;24</p>', "<p>R&D '24</p>");
    same('<p><b>bold</b> and <i>it</i></p>', '<p><strong>bold</strong> and <em>it</em></p>');
    same('<img src="/uploads/photos/a/b.png" alt="A">', '<img alt="A" src="/uploads/photos/a/b.png" />');
  });

  it('keeps every change a visitor would see', () => {
    different('<p>One<br>two</p>', '<p>One two</p>');
    different('<p>Old words</p>', '<p>New words</p>');
    different('<p><strong>a</strong> <em>b</em></p>', '<p><strong>a</strong><em>b</em></p>');
    different('<p>a b</p>', '<p>a\u00a0b</p>');
    different('<a href="/x">x</a>', '<a href="/y">x</a>');
    different('<a href="/x">x</a>', '<a href="/x" target="_blank">x</a>');
    different('<p>a</p>', '<h2>a</h2>');
    different('<p style="text-align: center">a</p>', '<p>a</p>');
    different('<img src="/a.png" alt="A">', '<img src="/a.png" alt="B">');
  });
});
