import { describeContentPath, type LabelTree } from '../../../../core/content/common/content-page';
import { SEO_LABELS } from '../../../../core/schemas/seo';

/** A field path's parts, list places as numbers: `skillList.2.skillName` → ['skillList', 2, 'skillName']. */
const partsOf = (path: string) => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The search and sharing fields, named as their panel names them. */
function seoName(path: string): string | null {
  const field = path.startsWith('seo.') ? path.slice('seo.'.length) : null;
  return field === 'title' || field === 'description' || field === 'image' ? SEO_LABELS[field] : null;
}

/**
 * Names a field of a built-in page's document as its editor does (`skillList.2.skillName` → "Skill 3: the skill
 * name"): the preview's outline labels and the checks' "Go to …". A path the labels do not know is shown as it is.
 */
export function fieldDescriber(labels: LabelTree): (path: string) => string {
  return (path) => seoName(path) ?? describeContentPath(labels, partsOf(path)) ?? path;
}

/**
 * Names a field of a page made without code (`document.header.Salary` → "Salary", `document.rows.2.Salary` →
 * "Entry 3: Salary"), its fields being its parameters.
 */
export function pageFieldDescriber(entryName = 'Entry'): (path: string) => string {
  return (path) => {
    const seo = seoName(path);
    if (seo) return seo;
    const header = /^document\.header\.(.+)$/.exec(path);
    if (header?.[1]) return header[1];
    const row = /^document\.rows\.(\d+)\.(.+)$/.exec(path);
    if (row?.[1] && row[2]) return `${entryName} ${Number(row[1]) + 1}: ${row[2]}`;
    return path;
  };
}
