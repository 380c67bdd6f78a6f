import { checkEntry, documentRuleProblem, imageSizeProblem } from '../../core/field-rules/check-entry';
import {
  autowiredDocumentSchema,
  autowiredRules,
  describeAutowiredPath,
  emptyAutowiredDocument,
  withAllFields,
  type AutowiredDocument,
} from '../../core/page-defs/autowired-document';
import {
  isLineOfText,
  isTranslatableParameter,
  showsNameToVisitors,
  type Parameter,
} from '../../core/page-defs/parameter';
import type { PublicForm, PublicParameter } from '../../core/public-page';
import { sanitizeDocument } from '../../core/schemas/fields';
import { ValidationError } from '../errors';
import { publicFormOf } from '../forms/public-form';
import { checkMasterChoices, withMasterNames } from '../masters/page-choices';
import { listParameters, parameterOf } from './definitions/parameters.repository';
import type { PageRow } from './definitions/pages.repository';
import type { Tenant } from '../tenants/tenants';
import { nameFieldsOf, parseInput } from '../validation';
import { pageFieldsOf, type ImageBytes, type PageKind, type TextPlace } from './page-kind';
import { cleanAccentText } from './rich-text';
import { autowiredDescription } from './seo';

/** The cache key of an Autowired page's rendered public twin. */
export const autowiredCacheKey = (routing: string) => `autowired:${routing.toLowerCase()}`;

/** A page's parameters (its fields and their rules, docs/design.md §12), in the order they apply. */
export async function autowiredParameters(tenant: Tenant, pageId: number): Promise<Parameter[]> {
  return (await listParameters(tenant.db, pageId)).map(parameterOf);
}

/**
 * Pages made without code (page creation, docs/design.md §11, §13): their document is `{header, rows}` and its schema,
 * rules and labels come from the page's parameters. A field added to such a page is a parameter added in
 * parameter configuration: no code changes at all.
 */
export const pageBuilderKind: PageKind = {
  name: 'page-builder',
  pageType: 'Autowired',
  addressedByName: true,

  pageOf(row: PageRow) {
    if (row.page_type !== 'Autowired') return null;
    return { ...pageFieldsOf(row), publicPath: `/${row.routing}1`, cacheKey: autowiredCacheKey(row.routing) };
  },

  // Its public twin exists while it is active and on the website (docs/design.md §13).
  publicAddress: (page) => (page.active && page.onWebsite ? page.publicPath : null),

  /** One public component shows every such page, told by the parameters how to show each value (docs/design.md §13). */
  async publicView(tenant, page, document) {
    const parameters = await autowiredParameters(tenant, page.id);
    // Choices from master data are stored as value ids; visitors read the values' names (docs/design.md §14).
    const content = await withMasterNames(tenant, parameters, document as unknown as AutowiredDocument);
    const forms = await formsOf(tenant, parameters, content, page.inDefaultLanguage ? undefined : page.locale);
    return {
      pageKey: 'autowired',
      content,
      autowired: {
        title: page.displayName,
        parameters: parameters.map(publicParameter),
        ...(Object.keys(forms).length > 0 ? { forms } : {}),
      },
      description: autowiredDescription(content, parameters),
    };
  },

  imageFields: async (tenant, page) => (await autowiredParameters(tenant, page.id)).filter((p) => p.type === 'Image'),

  // A page nobody has published yet is at revision 0, empty.
  emptyDocument: () => emptyAutowiredDocument() as unknown as Record<string, unknown>,

  /**
   * Validated with a schema built from the page's parameters (unknown fields, wrong types, too many rows: 400
   * naming the place), rich text cleaned, the parameters' rules applied (header, then each row: first failure
   * wins), stored images against their size in KB, master choices against master data (docs/design.md §14).
   */
  async prepare(tenant, page, submitted, { tools, now, published }) {
    const parameters = await autowiredParameters(tenant, page.id);
    const schema = autowiredDocumentSchema(parameters);
    nameFieldsOf(schema, describeAutowiredPath);
    const parsed = inDocument(() => parseInput(schema, submitted)) as AutowiredDocument;
    const document = withAllFields(
      sanitizeDocument(schema, parsed, { richText: tools.cleanRichText, accentText: cleanAccentText }),
      parameters,
    );
    const rules = autowiredRules(parameters);
    const header = checkEntry(document.header, rules.header, now);
    if (!header.ok) throw new ValidationError(header.message, `document.header.${header.field}`);
    const rows = documentRuleProblem({ rows: document.rows }, rules.rows, now);
    if (rows) throw new ValidationError(rows.message, `document.${rows.path}`);
    await checkImageFileSizes(tenant, parameters, document, tools.imageBytes);
    // Choices from master data: active values of their type, of the parent chosen beside them (docs/design.md §14).
    const chosen = await checkMasterChoices(
      tenant,
      parameters,
      document,
      (await published()) as unknown as AutowiredDocument,
    );
    return { document: chosen as unknown as Record<string, unknown>, basedOn: document.revision };
  },

  describePath: (_page, path) => describeAutowiredPath(path),

  // Its parameters are its fields: a new one is a new field.
  fieldsForRules: () => null,

  async richTextPaths(tenant, page) {
    const richText = new Set(
      (await autowiredParameters(tenant, page.id)).filter((p) => p.type === 'Richtext').map((p) => p.parameterName),
    );
    return (path) => path[0] !== 'seo' && richText.has(String(path[path.length - 1]));
  },

  description: async (tenant, page, document) =>
    autowiredDescription(document as AutowiredDocument, await autowiredParameters(tenant, page.id)),

  // The values of its translatable parameters (text kinds unless their flag says otherwise), header then rows.
  async texts(tenant, page, document) {
    const translatable = (await autowiredParameters(tenant, page.id)).filter(isTranslatableParameter);
    const { header = {}, rows = [] } = document as Partial<AutowiredDocument>;
    const found: TextPlace[] = [];
    const at = (values: Record<string, unknown>, level: string, path: (string | number)[]) => {
      for (const p of translatable) {
        if (p.pagecreationtype === level && typeof values[p.parameterName] === 'string')
          found.push({ path: [...path, p.parameterName], richText: p.type === 'Richtext' });
      }
    };
    at(header, 'Header', ['header']);
    rows.forEach((row, index) => at(row, 'Detail', ['rows', index]));
    return found;
  },
};

/** What the public twin shows of a parameter: how its value reads. */
/**
 * The forms a page shows, by the `Form` parameter placing each (docs/design.md §30), in the page's language (`locale`,
 * absent in the default); a form deleted since: none.
 */
async function formsOf(
  tenant: Tenant,
  parameters: readonly Parameter[],
  content: AutowiredDocument,
  locale: string | undefined,
): Promise<Record<string, PublicForm>> {
  const forms: Record<string, PublicForm> = {};
  for (const parameter of parameters) {
    const id = parameter.type === 'Form' ? Number(content.header[parameter.parameterName]) : NaN;
    const form = Number.isInteger(id) && id > 0 ? await publicFormOf(tenant, id, locale) : null;
    if (form) forms[parameter.parameterName] = form;
  }
  return forms;
}

function publicParameter(p: Parameter): PublicParameter {
  return {
    name: p.parameterName,
    type: p.type,
    unittype: p.unittype,
    level: p.pagecreationtype,
    yes: p.booleanyes,
    no: p.booleanno,
    decimalplaces: p.decimalplaces,
    showName: showsNameToVisitors(p),
    heading: p.asHeading && isLineOfText(p),
  };
}

/**
 * Image parameters with a size in KB: each stored image (what visitors download) against the rule, the
 * header first, then the rows in order. Addresses of images elsewhere have no size Folio could check.
 */
async function checkImageFileSizes(
  tenant: Tenant,
  parameters: readonly Parameter[],
  document: AutowiredDocument,
  imageBytes: ImageBytes,
): Promise<void> {
  const sized = parameters.filter((p) => p.type === 'Image' && p.sizeinKB !== null);
  const parts = [
    { values: document.header, level: 'Header' },
    ...document.rows.map((values) => ({ values, level: 'Detail' })),
  ];
  for (const { values, level } of parts) {
    for (const p of sized) {
      const value = values[p.parameterName];
      if (p.pagecreationtype !== level || typeof value !== 'string' || value.trim() === '') continue;
      const problem = imageSizeProblem(p.parameterName, p, { bytes: await imageBytes(tenant, value) });
      if (problem) throw new ValidationError(problem);
    }
  }
}

/**
 * The document travels in the save's body as `document` (savepagecontent): a refusal about one of its fields
 * names it from the body (`document.rows.2.title`), as every refusal's `field` does (docs/design.md §25).
 */
function inDocument<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ValidationError && error.field)
      throw new ValidationError(error.message, `document.${error.field}`);
    throw error;
  }
}
