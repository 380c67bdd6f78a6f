import { describe, expect, it } from 'vitest';
import { escapeHtml, serializeForScript } from './document';

describe('document helpers', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('serialises data so that no string can close the script tag', () => {
    const json = serializeForScript({ text: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>', line: '\u2028' });
  });
});
