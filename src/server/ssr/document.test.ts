import { describe, expect, it } from 'vitest';
import { escapeHtml } from './document';

describe('document helpers', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
