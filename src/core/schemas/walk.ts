import type { z } from 'zod';

/**
 * The one walker over documents and their zod schemas (docs/design.md §25). Every place that looks at each field of a
 * document (the rich-text cleaner, the page's first paragraph, the field rules) steps through it
 * here, so that what a field is and where it sits (its path: `skillList.2.skillName`) is decided once.
 *
 * With a schema, an object's fields are the schema's (in the schema's order, those the value holds) and a list's
 * entries take the list's element schema; wrappers (optional, nullable, default, readonly, a pipe's output) are
 * looked through. Without one (or below a field whose schema is neither an object nor a list), the value's own
 * keys and entries are walked. Browser-safe: no server imports.
 */

/** Where a field sits in a document: property names and list indexes, from the document down. */
export type FieldPath = readonly (string | number)[];

/** One place of a document as the walk meets it. */
export interface DocumentPlace {
  /** Where it sits: worked out when read (a walk of a deeply nested value builds no paths it does not read). */
  readonly path: FieldPath;
  /** Its property name or list index in the place above it; undefined for the document itself. */
  readonly key: string | number | undefined;
  readonly value: unknown;
  /** The field's schema as declared (wrappers included), or undefined where the walk has no schema. */
  readonly schema: z.core.$ZodType | undefined;
}

class Place implements DocumentPlace {
  constructor(
    readonly value: unknown,
    readonly schema: z.core.$ZodType | undefined,
    readonly key: string | number | undefined = undefined,
    private readonly above: Place | undefined = undefined,
  ) {}

  get path(): FieldPath {
    const path: (string | number)[] = this.key === undefined ? [] : [this.key];
    for (let at = this.above; at?.key !== undefined; at = at.above) path.push(at.key);
    return path.reverse();
  }

  below(key: string | number, value: unknown, schema: z.core.$ZodType | undefined): Place {
    return new Place(value, schema, key, this);
  }
}

/** What a visit says: 'skip' does not step into this place, 'stop' ends the walk; anything else goes on. */
export type VisitAnswer = 'skip' | 'stop' | void;

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly']);

/** The schema one wrapper down (optional, nullable, default, readonly, a pipe's output), or undefined for none. */
function innerOf(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def as Def;
  if (WRAPPERS.has(def.type)) return def.innerType as z.core.$ZodType;
  if (def.type === 'pipe') return def.out as z.core.$ZodType;
  return undefined;
}

// A schema's layers are looked up at every place of every save's walks: found once per schema, as schemas are
// made once and never change.
const LAYERS = new WeakMap<z.core.$ZodType, readonly z.core.$ZodType[]>();

/** A schema and the schemas it wraps, outermost first: a mark (rich text, paragraph) may sit on any of them. */
export function schemaLayers(schema: z.core.$ZodType): readonly z.core.$ZodType[] {
  let layers = LAYERS.get(schema);
  if (layers === undefined) {
    const found = [schema];
    for (let inner = innerOf(schema); inner !== undefined; inner = innerOf(inner)) found.push(inner);
    layers = Object.freeze(found);
    LAYERS.set(schema, layers);
  }
  return layers;
}

/** The schema with its wrappers looked through: what the value is (an object, a list, a text, …). */
export function unwrapSchema(schema: z.core.$ZodType): z.core.$ZodType {
  return schemaLayers(schema).at(-1)!;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);

/** The places one step below a place: an object's fields or a list's entries, each with its path and schema. */
function stepInto(place: Place): { container: 'object' | 'list' | null; children: Place[] } {
  const { value } = place;
  const at = (key: string | number, child: unknown, schema: z.core.$ZodType | undefined) =>
    place.below(key, child, schema);
  const def = place.schema === undefined ? undefined : (unwrapSchema(place.schema)._zod.def as Def);
  if ((def === undefined || def.type === 'array') && Array.isArray(value)) {
    const element = def?.element as z.core.$ZodType | undefined;
    return { container: 'list', children: value.map((item, index) => at(index, item, element)) };
  }
  if (def === undefined && isObject(value))
    return { container: 'object', children: Object.entries(value).map(([key, item]) => at(key, item, undefined)) };
  if (def?.type === 'object' && isObject(value)) {
    const shape = def.shape as Record<string, z.core.$ZodType>;
    const keys = Object.keys(shape).filter((key) => Object.hasOwn(value, key));
    return { container: 'object', children: keys.map((key) => at(key, value[key], shape[key])) };
  }
  return { container: null, children: [] };
}

/**
 * Visits every place of a document, the document itself first, depth first in order (an object's fields, a
 * list's entries). The walk keeps its own stack: a value nested thousands deep is walked, not a stack overflow.
 */
export function walkDocument(
  schema: z.core.$ZodType | undefined,
  value: unknown,
  visit: (place: DocumentPlace) => VisitAnswer,
): void {
  const pending: Place[] = [new Place(value, schema)];
  while (pending.length > 0) {
    const place = pending.pop()!;
    const answer = visit(place);
    if (answer === 'stop') return;
    if (answer === 'skip') continue;
    const { children } = stepInto(place);
    for (let i = children.length - 1; i >= 0; i -= 1) pending.push(children[i]!);
  }
}

/** What `mapDocument`'s function answers to keep walking below a place (its value is then rebuilt from its children). */
export const WALK_ON: unique symbol = Symbol('walk on');

/**
 * A copy of a document with some places replaced: `replace` answers a place's new value, or WALK_ON to keep it
 * and step into it. Objects and lists on the way are copied (fields the walk does not step into are kept as they
 * are); nothing of the original changes.
 */
export function mapDocument(
  schema: z.core.$ZodType | undefined,
  value: unknown,
  replace: (place: DocumentPlace) => unknown,
): unknown {
  const map = (place: Place): unknown => {
    const replaced = replace(place);
    if (replaced !== WALK_ON) return replaced;
    const { container, children } = stepInto(place);
    if (container === 'list') return children.map(map);
    if (container === null) return place.value;
    const copy: Record<string, unknown> = { ...(place.value as Record<string, unknown>) };
    for (const child of children) copy[child.key as string] = map(child);
    return copy;
  };
  return map(new Place(value, schema));
}

/** The schema of the field at `path` (list entries by their index), or undefined where the schema has no such field. */
export function schemaAt(schema: z.core.$ZodType, path: FieldPath): z.core.$ZodType | undefined {
  let node: z.core.$ZodType | undefined = schema;
  for (const key of path) {
    if (node === undefined) return undefined;
    const def = unwrapSchema(node)._zod.def as Def;
    if (typeof key === 'number') node = def.type === 'array' ? (def.element as z.core.$ZodType) : undefined;
    else node = def.type === 'object' ? (def.shape as Record<string, z.core.$ZodType>)[key] : undefined;
  }
  return node;
}

/** A path as refusals and editors write it: `skillList.2.skillName`. */
export const dottedPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');
