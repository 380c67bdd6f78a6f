import { Mark, mergeAttributes } from '@tiptap/core';

/** The sizes of the toolbar (spec 000 §9: font sizes 1 to 7); 3 is the browser's normal size. */
export const FONT_SIZES = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const NORMAL_FONT_SIZE = '3';

/**
 * Text size 1–7 as `<font size="N">`: the form the server's rich-text allow-list keeps for sizes (docs/design.md §6
 * admits no font-size style), and the one the earlier editor produced, so stored content reads back as is.
 */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: NORMAL_FONT_SIZE,
        parseHTML: (element: HTMLElement) => element.getAttribute('size'),
        renderHTML: (attributes: { size?: string }) => ({ size: attributes.size }),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'font[size]',
        getAttrs: (element) => (/^[1-7]$/.test((element as HTMLElement).getAttribute('size') ?? '') ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['font', mergeAttributes(HTMLAttributes), 0];
  },
});
