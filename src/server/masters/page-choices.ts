import {
  headerParameters,
  detailParameters,
  type AutowiredDocument,
  type AutowiredValue,
} from '../../core/page-defs/autowired-document';
import type { Parameter } from '../../core/page-defs/parameter';
import { ValidationError } from '../errors';
import type { Tenant } from '../tenants/tenants';
import { findValuesByIds, listAllTypes } from './masters.repository';

/**
 * Choices from master data in pages (docs/design.md §14): a Dropdown or Radio parameter with User Selection and unittype
 * MasterData stores the id of the chosen value of its type. On save the choice must be an active value of that
 * type (a value the page already held may have been deactivated since: it stays) and, when the type depends on
 * another type chosen in the same part of the document, a child of the value chosen there. The public twin
 * shows the value's name.
 */

type MasterParameter = Parameter & { commonmastertype: number };
type Part = Record<string, AutowiredValue>;

/** The parameters whose values are ids of master values. */
export function masterParameters(parameters: readonly Parameter[]): MasterParameter[] {
  return parameters.filter(
    (p): p is MasterParameter =>
      (p.type === 'Dropdown' || p.type === 'Radio') &&
      p.validator === 'User Selection' &&
      p.unittype === 'MasterData' &&
      p.commonmastertype !== null,
  );
}

/** A stored choice as a value id: a number, or digits as a form may send them; null when blank; NaN otherwise. */
function idOf(value: AutowiredValue | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : Number.NaN;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return Number.NaN;
}

/** Every part of a document (the header, then each row) with the master parameters that belong to it. */
function partsOf(
  document: AutowiredDocument,
  parameters: readonly MasterParameter[],
): Array<{ values: Part; parameters: MasterParameter[] }> {
  const header = masterParameters(headerParameters(parameters));
  const detail = masterParameters(detailParameters(parameters));
  return [
    { values: document.header, parameters: header },
    ...document.rows.map((row) => ({ values: row, parameters: detail })),
  ];
}

/** The ids every part of a document chooses. */
function chosenIds(parts: ReturnType<typeof partsOf>): number[] {
  const ids = new Set<number>();
  for (const part of parts) {
    for (const p of part.parameters) {
      const id = idOf(part.values[p.parameterName]);
      if (id !== null && !Number.isNaN(id)) ids.add(id);
    }
  }
  return [...ids];
}

/** Every id the document holds, per parameter name. */
function heldIds(document: AutowiredDocument, parameters: readonly MasterParameter[]): Map<string, Set<number>> {
  const held = new Map<string, Set<number>>();
  for (const part of partsOf(document, parameters)) {
    for (const p of part.parameters) {
      const id = idOf(part.values[p.parameterName]);
      if (id === null || Number.isNaN(id)) continue;
      const ids = held.get(p.parameterName) ?? new Set<number>();
      ids.add(id);
      held.set(p.parameterName, ids);
    }
  }
  return held;
}

const lower = (name: string) => name.toLowerCase();
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
/** Refusals of a choice, in the field-rule engine's voice (spec 000 §5: 'Please … in {field}'). */
export const CHOICE_MESSAGES = {
  notAValue: (type: string, field: string) => `Please choose an active ${lower(type)} in ${field}`,
  outsideParent: (type: string, parent: string, field: string) =>
    `Please choose ${withArticle(lower(type))} of the chosen ${lower(parent)} in ${field}`,
} as const;

/**
 * Checks the master-data choices of a document about to be saved, header first, then each row, parameters in
 * sequence; the first failure is a ValidationError naming the field. Answers the document with every choice
 * stored as a number.
 */
export async function checkMasterChoices(
  tenant: Tenant,
  parameters: readonly Parameter[],
  document: AutowiredDocument,
  stored: AutowiredDocument,
): Promise<AutowiredDocument> {
  const masters = masterParameters(parameters);
  if (masters.length === 0) return document;
  const parts = partsOf(document, masters);
  const [values, types] = await Promise.all([findValuesByIds(tenant.db, chosenIds(parts)), listAllTypes(tenant.db)]);
  const valueById = new Map(values.map((v) => [v.id, v]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const held = heldIds(stored, masters);

  const checked = (part: Part, list: readonly MasterParameter[]): Part => {
    const out: Part = { ...part };
    for (const p of list) {
      const id = idOf(part[p.parameterName]);
      if (id === null) continue;
      const type = typeById.get(p.commonmastertype);
      const typeName = type?.name ?? p.parameterName;
      const value = Number.isNaN(id) ? undefined : valueById.get(id);
      const wasThere = held.get(p.parameterName)?.has(id) ?? false;
      if (!value || value.type_id !== p.commonmastertype || (value.active !== 1 && !wasThere)) {
        throw new ValidationError(CHOICE_MESSAGES.notAValue(typeName, p.parameterName));
      }
      out[p.parameterName] = id;
      // The value chosen in the same part for the type this one depends on, if the part has such a parameter.
      const parentType = type?.depends_on ?? null;
      if (parentType === null) continue;
      const parentChoice = list
        .map((q) => (q.commonmastertype === parentType ? idOf(part[q.parameterName]) : null))
        .find((c) => c !== null);
      if (parentChoice === undefined || parentChoice === null) continue;
      if (value.parent_id !== parentChoice) {
        throw new ValidationError(
          CHOICE_MESSAGES.outsideParent(typeName, typeById.get(parentType)?.name ?? '', p.parameterName),
        );
      }
    }
    return out;
  };

  const [header, ...rows] = parts.map((part) => checked(part.values, part.parameters));
  return { ...document, header: header ?? document.header, rows };
}

/** The document with each master-data choice replaced by the chosen value's name (inactive values included). */
export async function withMasterNames(
  tenant: Tenant,
  parameters: readonly Parameter[],
  document: AutowiredDocument,
): Promise<AutowiredDocument> {
  const masters = masterParameters(parameters);
  if (masters.length === 0) return document;
  const parts = partsOf(document, masters);
  const ids = chosenIds(parts);
  if (ids.length === 0) return document;
  const names = new Map((await findValuesByIds(tenant.db, ids)).map((v) => [v.id, v.name]));
  const named = (part: Part, list: readonly MasterParameter[]): Part => {
    const out: Part = { ...part };
    for (const p of list) {
      const id = idOf(part[p.parameterName]);
      const name = id === null ? undefined : names.get(id);
      if (name !== undefined) out[p.parameterName] = name;
    }
    return out;
  };
  const [header, ...rows] = parts.map((part) => named(part.values, part.parameters));
  return { ...document, header: header ?? document.header, rows };
}
