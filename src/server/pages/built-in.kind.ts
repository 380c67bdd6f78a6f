import type { z } from 'zod';
import { describeContentPath, type LabelTree } from '../../core/content/common/content-page';
import type { ParameterLabel } from '../../core/page-defs/parameter';
import { documentRuleProblem } from '../../core/field-rules/check-entry';
import { CONTENT_PAGES, contentPageById, type ContentPage } from '../../core/pages';
import { isRichText, sanitizeDocument, textKindOf } from '../../core/schemas/fields';
import { isTranslatable } from '../../core/schemas/translatable';
import { walkDocument } from '../../core/schemas/walk';
import { CONTENT_PAGE_DEFINITIONS, CONTENT_SCHEMAS, type AnyContent } from '../../core/schemas/page-content';
import { ValidationError } from '../errors';
import { getActiveRules } from '../field-rules/field-rules.service';
import type { PageRow } from './definitions/pages.repository';
import { nameFieldsOf, parseInput } from '../validation';
import { cleanAccentText } from './rich-text';
import { pageFieldsOf, type Page, type PageKind, type TextPlace } from './page-kind';
import { contentDescription } from './seo';

/**
 * The twelve built-in pages (docs/design.md §6): each has code, a registry entry (src/core/pages.ts) and a page file
 * whose zod schema, editor labels and default field rules are its truth (CONTENT_SCHEMAS,
 * CONTENT_PAGE_DEFINITIONS). A field added to one of them is added in its page file: nothing here changes.
 */
export const builtInKind: PageKind = {
  name: 'built-in',
  pageType: 'wired',
  addressedByName: false,

  pageOf(row: PageRow) {
    const entry = row.page_type === 'wired' ? contentPageById(row.id) : undefined;
    if (!entry) return null;
    return { ...pageFieldsOf(row), publicPath: entry.publicPath, cacheKey: entry.key };
  },

  // Its address is a route of the site whatever page creation says: deactivated, it shows the 404 page there (docs/design.md §11).
  publicAddress: (page) => page.publicPath,

  // Its public component (src/client/public/page-components.ts) renders the document as its page file shapes it.
  async publicView(_tenant, page, document) {
    const { key } = registryEntry(page);
    const content = document as unknown as AnyContent;
    return { pageKey: key, content, description: contentDescription(key, content), preloadImage: firstSlide(content) };
  },

  // Its images go to its page file's folders (IMAGE_FOLDERS), not to a folder of its own.
  imageFields: async () => null,

  // The seed gives every built-in page its first revision: one without is a 404, not an empty page.
  emptyDocument: () => null,

  /**
   * Parsed with the page file's schema, rich text cleaned, the page's field rules applied to every entry of every
   * list (the editor ran them before Add); refusals name fields as the editor labels them (docs/design.md §24).
   */
  async prepare(tenant, page, submitted, { tools, now }) {
    const entry = registryEntry(page);
    const schema = CONTENT_SCHEMAS[entry.key];
    const edited = parseInput(schema, submitted) as { revision: number };
    const document = sanitizeDocument(schema, edited, {
      richText: tools.cleanRichText,
      accentText: cleanAccentText,
    }) as unknown as Record<string, unknown>;
    const rules = await getActiveRules(tenant, page.id);
    // The refusal names the field's place (`skillList.2.skillName`), so the editor opens that entry (docs/design.md §25).
    const problem = documentRuleProblem(document, rules, now, labelsOf(entry));
    if (problem) throw new ValidationError(problem.message, problem.path);
    return { document, basedOn: edited.revision };
  },

  describePath: (page, path) => describeContentPath(labelsOf(registryEntry(page)), path),

  // Rules name the fields of its page file's schema, with their on-screen labels.
  fieldsForRules: (page) => fieldLabels(labelsOf(registryEntry(page))),

  async richTextPaths(_tenant, page) {
    const schema = CONTENT_SCHEMAS[registryEntry(page).key];
    return (path) => isRichTextAt(schema, path);
  },

  description: async (_tenant, page, document) => contentDescription(registryEntry(page).key, document),

  // The page file's texts (shortText, paragraph, rich text), not those marked the same in every language.
  async texts(_tenant, page, document) {
    const entry = registryEntry(page);
    const labels = labelsOf(entry);
    const found: TextPlace[] = [];
    walkDocument(CONTENT_SCHEMAS[entry.key], document, (place) => {
      if (place.key === undefined) return undefined;
      if (
        place.schema === undefined ||
        (typeof place.key === 'string' && place.path.length === 1 && !(place.key in labels))
      )
        return 'skip';
      if (typeof place.value !== 'string') return undefined;
      if (isTranslatable(place.schema))
        found.push({ path: place.path, richText: isRichText(place.schema), kind: textKindOf(place.schema) });
      return 'skip';
    });
    return found;
  },
};

function registryEntry(page: Page): ContentPage {
  const entry = contentPageById(page.id);
  if (!entry) throw new Error(`Page ${page.routing} is not in the page registry`);
  return entry;
}

/** The first slide of a page with a slider: its largest image above the fold. */
function firstSlide(content: AnyContent): string | undefined {
  if ('slideList' in content) return content.slideList[0]?.image;
  if ('slidelst' in content) return content.slidelst[0]?.image;
  return undefined;
}

const labelsOf = (entry: ContentPage) => CONTENT_PAGE_DEFINITIONS[entry.key].labels as LabelTree;

// A refused save names the entry and field in the editor's words ('Skill 1: the skill name …'), whichever call it came by.
for (const entry of CONTENT_PAGES)
  nameFieldsOf(CONTENT_SCHEMAS[entry.key], (path) => describeContentPath(labelsOf(entry), path));

/** Every field of a label tree with its place in the editor's words ('Skill: the skill name'). */
function fieldLabels(labels: LabelTree, path: PropertyKey[] = [], into: ParameterLabel[] = []): ParameterLabel[] {
  for (const [name, label] of Object.entries(labels)) {
    if (typeof label === 'string') {
      const where = describeContentPath(labels, [name]);
      const words = path.length > 0 ? `${label} (${String(path[path.length - 1])})` : (where ?? label);
      if (!into.some((l) => l.name === name)) into.push({ name, label: words });
    } else {
      fieldLabels(label.fields, [...path, label.entry], into);
    }
  }
  return into;
}

/** Whether the field at `path` of a document of `schema` holds rich text. */
function isRichTextAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): boolean {
  let node: z.core.$ZodType | undefined = schema;
  for (const part of path) {
    node = unwrap(node);
    if (!node) return false;
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (typeof part === 'number') node = def.type === 'array' ? (def.element as z.core.$ZodType) : undefined;
    else node = def.type === 'object' ? (def.shape as Record<PropertyKey, z.core.$ZodType>)[part] : undefined;
  }
  return node !== undefined && isRichText(unwrap(node) ?? node);
}

function unwrap(node: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let at = node;
  while (at) {
    if (isRichText(at)) return at;
    const def = at._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly')
      at = def.innerType as z.core.$ZodType;
    else return at;
  }
  return at;
}
