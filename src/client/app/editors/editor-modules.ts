import type { ComponentType } from 'react';
import type { ContentPageKey } from '../../../core/pages';

/**
 * The editing twin of each content page, by page key: src/client/app/editors/pages/<key>-editor.tsx, found by its
 * file name (CONTENT_PAGES is the one list of the built-in pages, src/core/pages.ts), each in its own chunk (the
 * rich-text editor and the list editors stay out of the public pages and out of the other staff screens). A page
 * without one shows the pending screen; src/built-in-pages.test.ts checks every page has one.
 */
export const EDITOR_MODULES = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: ComponentType }>('./pages/*-editor.tsx')).map(([file, load]) => [
    file.slice('./pages/'.length, -'-editor.tsx'.length),
    load,
  ]),
) as Partial<Record<ContentPageKey, () => Promise<{ default: ComponentType }>>>;
