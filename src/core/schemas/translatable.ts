import { z } from 'zod';
import { schemaLayers } from './walk';

/**
 * Marks the texts that are the same in every language (docs/design.md §28): addresses, an icon's name, a phone number.
 * Every other text of a document translates.
 */
const untranslatedFields = z.registry<{ untranslated: true }>();
export function untranslated<T extends z.ZodType>(schema: T): T {
  untranslatedFields.add(schema, { untranslated: true });
  return schema;
}

/** Whether a field of a document is a text a translation replaces: a string not marked as the same in every language. */
export function isTranslatable(schema: z.core.$ZodType): boolean {
  const layers = schemaLayers(schema);
  if (layers.some((layer) => untranslatedFields.has(layer as z.ZodType))) return false;
  return (layers.at(-1)!._zod.def as { type: string }).type === 'string';
}
