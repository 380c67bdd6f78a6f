import { useFieldMark } from '../field-marks';
import { useSiteLinks, withSiteLinks } from '../site-links';

type RichHtmlTag = 'div' | 'section' | 'p' | 'span' | 'h2' | 'h3' | 'h4';

/** Tags the HTML parser will not keep inside a <p> (it would close the <p> and break hydration). */
const BLOCK_TAG = /<\/?(?:p|div|ul|ol|li|h[1-6]|table|blockquote|pre|section|article|figure|hr|address|dl)\b[^>]*>/gi;

/**
 * Renders stored rich text. A heading or inline wrapper gets its text without block tags (editors wrap lines
 * in <p>, which would be invalid inside a heading or a <p>); a <p> whose content has blocks becomes a <div>.
 * Both are pure functions of the input, so the server and the client render the same markup.
 */
export function RichHtml({
  html,
  as = 'div',
  className,
  id,
  field,
}: {
  html: string;
  as?: RichHtmlTag;
  className?: string;
  id?: string;
  /** The path of the field it shows, marked in previews (field-marks.tsx). */
  field?: string | undefined;
}) {
  const mark = useFieldMark();
  const links = useSiteLinks();
  let Tag: RichHtmlTag = as;
  // Its links to the site's pages lead to them in the shown language (docs/design.md §34).
  let markup = withSiteLinks(links, html);
  if (as === 'h2' || as === 'h3' || as === 'h4' || as === 'span') {
    markup = markup.replace(BLOCK_TAG, ' ').trim();
  } else if (as === 'p' && markup.search(BLOCK_TAG) !== -1) {
    Tag = 'div';
  }
  // Safe to render as is: the server sanitises rich text before storing it (docs/design.md §6).
  return <Tag id={id} className={className} {...mark(field)} dangerouslySetInnerHTML={{ __html: markup }} />;
}
