import { describe, expect, it } from 'vitest';
import { detailsToHtml, htmlToDetails } from './management-details';

describe('detailsToHtml', () => {
  it('makes a paragraph of each blank-line separated block and a <br> of each single newline', () => {
    expect(detailsToHtml('First paragraph.\n\nSecond, line one.\nSecond, line two.')).toBe(
      '<p>First paragraph.</p><p>Second, line one.<br>Second, line two.</p>',
    );
  });

  it('treats Windows line ends, several blank lines and whitespace-only lines as one separator', () => {
    expect(detailsToHtml('One\r\n\r\n\r\n  \nTwo')).toBe('<p>One</p><p>Two</p>');
  });

  it('escapes what would otherwise be markup', () => {
    expect(detailsToHtml('R&D <b>lead</b> "quoted"')).toBe('<p>R&amp;D &lt;b&gt;lead&lt;/b&gt; &quot;quoted&quot;</p>');
  });

  it('gives an empty string for blank text', () => {
    expect(detailsToHtml('  \n\n ')).toBe('');
  });
});

describe('htmlToDetails', () => {
  it('restores paragraphs as blank lines and <br> as newlines', () => {
    expect(htmlToDetails('<p>First paragraph.</p><p>Areas of focus: CRM.<br>Writes on open source.</p>')).toBe(
      'First paragraph.\n\nAreas of focus: CRM.\nWrites on open source.',
    );
  });

  it('accepts self-closing breaks, attributes, markup newlines and entities', () => {
    expect(htmlToDetails('<p class="x">A &amp; B<br />C&#39;s &lt;tag&gt;</p>\n<p>D&nbsp;E &#x2013; F</p>')).toBe(
      "A & B\nC's <tag>\n\nD E – F",
    );
  });

  it('drops formatting tags but keeps their text', () => {
    expect(htmlToDetails('<p><strong>Dr.</strong> Anil</p>')).toBe('Dr. Anil');
  });

  it('reads plain text without paragraphs as is', () => {
    expect(htmlToDetails('Just text')).toBe('Just text');
  });
});

describe('round trip', () => {
  it.each(['One paragraph.', 'Para one.\n\nPara two.', 'Line one.\nLine two.\n\nNext para & <more>.'])(
    'text → HTML → text keeps %j',
    (text) => {
      expect(htmlToDetails(detailsToHtml(text))).toBe(text);
    },
  );

  it('HTML → text → HTML keeps the stored form', () => {
    const html = '<p>Meera leads delivery.</p><p>Areas of focus: projects.<br>Engineer from Pune.</p>';
    expect(detailsToHtml(htmlToDetails(html))).toBe(html);
  });
});
