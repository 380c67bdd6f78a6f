import type { ContentPageKey } from '../../core/pages';
import type { ContentByKey } from '../../core/schemas/page-content';

/** Props of every public page component. */
export interface PageProps<K extends ContentPageKey> {
  content: ContentByKey[K];
}
