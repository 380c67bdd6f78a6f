/** Reading rendered public pages in tests: their meta tags and the addresses of their images. */

export const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The content of `<meta {attribute}="{key}" content="…">` in a page, unescaped; null when the tag is missing. */
export function metaOf(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match ? unescapeHtml(match[1]!) : null;
}

/** Every image address of a page, unescaped: each `<img>`'s src and each address of each srcset. */
export function imageAddresses(html: string): string[] {
  const sources = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]!);
  const sets = [...html.matchAll(/\ssrcset="([^"]*)"/gi)].flatMap((m) =>
    m[1]!.split(',').map((entry) => entry.trim().split(/\s+/)[0]!),
  );
  return [...sources, ...sets].map(unescapeHtml);
}
