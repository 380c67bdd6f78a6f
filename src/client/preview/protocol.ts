/**
 * The messages between an editor and its preview pane's frame (docs/design.md §26). The frame is sandboxed without
 * `allow-same-origin`, so postMessage is the only way between them; each side checks the other's window and
 * origin, and reads a message only through the parser of its direction: anything of another shape is ignored.
 */
export const PREVIEW_CHANNEL = 'folio-preview';

/** A finding of the checks panel, with the field it is about when the page shows it (`data-folio-field`). */
export interface CheckFinding {
  /** What found it: axe-core, or one of the content checks. */
  check: 'axe' | 'alt' | 'link-text' | 'link-target' | 'heading' | 'title' | 'description' | 'words' | 'readability';
  /** `problem`: visitors trip on it; `advice`: worth a look; `info`: a figure (words, reading time). */
  severity: 'problem' | 'advice' | 'info';
  message: string;
  field: string | null;
  /** axe-core's rule page, for the rules it reports. */
  helpUrl?: string;
}

/** From the frame to the editor. */
export type FrameMessage =
  | { channel: typeof PREVIEW_CHANNEL; type: 'ready'; fields: string[]; scrollY: number }
  /** A render sent by `render` is on show, in place; `fields` are the fields it marks. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'rendered'; serial: number; fields: string[] }
  /** A render sent by `render` links other styles or scripts than the document on show: it needs a document of its own. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'reload'; serial: number }
  | { channel: typeof PREVIEW_CHANNEL; type: 'scroll'; y: number }
  | { channel: typeof PREVIEW_CHANNEL; type: 'select'; field: string }
  /** A click on a field's comment marker (docs/design.md §32): the editor opens that field's comments. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'open-comments'; field: string }
  | { channel: typeof PREVIEW_CHANNEL; type: 'checks'; id: number; findings: CheckFinding[] };

/** From the editor to the frame. */
export type EditorMessage =
  | { channel: typeof PREVIEW_CHANNEL; type: 'labels'; labels: Record<string, string> }
  | { channel: typeof PREVIEW_CHANNEL; type: 'scroll-to'; y: number }
  | { channel: typeof PREVIEW_CHANNEL; type: 'outline'; field: string | null }
  | { channel: typeof PREVIEW_CHANNEL; type: 'run-checks'; id: number }
  /** The open comments by field (docs/design.md §32): the frame marks each such field with their count. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'comments'; counts: Record<string, number> }
  /** The next render, put in place of the page on show (no new document: nothing is fetched again). */
  | { channel: typeof PREVIEW_CHANNEL; type: 'render'; serial: number; html: string };

/** A message as a side writes it: the channel is added when it is posted. */
export type Unchannelled<M> = M extends unknown ? Omit<M, 'channel'> : never;

const MAX_FIELD = 300;
const MAX_FIELDS = 5000;
const MAX_TEXT = 2000;
/** A rendered page's HTML: the preview call's own answers stay far below this. */
const MAX_HTML = 20_000_000;

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isField = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10_000_000;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;
const isFieldList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_FIELDS && value.every(isField);

const CHECKS = new Set<CheckFinding['check']>([
  'axe',
  'alt',
  'link-text',
  'link-target',
  'heading',
  'title',
  'description',
  'words',
  'readability',
]);
const SEVERITIES = new Set<CheckFinding['severity']>(['problem', 'advice', 'info']);

function findingOf(value: unknown): CheckFinding | null {
  if (!isRecord(value)) return null;
  const { check, severity, message, field, helpUrl } = value;
  if (
    !CHECKS.has(check as CheckFinding['check']) ||
    !SEVERITIES.has(severity as CheckFinding['severity']) ||
    !isText(message)
  )
    return null;
  if (field !== null && !isField(field)) return null;
  if (helpUrl !== undefined && !(isText(helpUrl) && helpUrl.startsWith('https://'))) return null;
  return { check, severity, message, field, ...(helpUrl ? { helpUrl } : {}) } as CheckFinding;
}

/** A message from the frame, or null when it is not one of ours in every detail. */
export function frameMessageOf(data: unknown): FrameMessage | null {
  if (!isRecord(data) || data.channel !== PREVIEW_CHANNEL) return null;
  switch (data.type) {
    case 'ready':
      return isFieldList(data.fields) && isCount(data.scrollY)
        ? { channel: PREVIEW_CHANNEL, type: 'ready', fields: data.fields, scrollY: data.scrollY }
        : null;
    case 'rendered':
      return isCount(data.serial) && isFieldList(data.fields)
        ? { channel: PREVIEW_CHANNEL, type: 'rendered', serial: data.serial, fields: data.fields }
        : null;
    case 'reload':
      return isCount(data.serial) ? { channel: PREVIEW_CHANNEL, type: 'reload', serial: data.serial } : null;
    case 'scroll':
      return isCount(data.y) ? { channel: PREVIEW_CHANNEL, type: 'scroll', y: data.y } : null;
    case 'select':
    case 'open-comments':
      return isField(data.field) ? { channel: PREVIEW_CHANNEL, type: data.type, field: data.field } : null;
    case 'checks': {
      if (!isCount(data.id) || !Array.isArray(data.findings) || data.findings.length > 1000) return null;
      const findings = data.findings.map(findingOf);
      return findings.every((finding) => finding !== null)
        ? { channel: PREVIEW_CHANNEL, type: 'checks', id: data.id, findings }
        : null;
    }
    default:
      return null;
  }
}

/** A message from the editor, or null when it is not one of ours in every detail. */
export function editorMessageOf(data: unknown): EditorMessage | null {
  if (!isRecord(data) || data.channel !== PREVIEW_CHANNEL) return null;
  switch (data.type) {
    case 'labels': {
      const { labels } = data;
      if (!isRecord(labels)) return null;
      const entries = Object.entries(labels);
      return entries.length <= MAX_FIELDS && entries.every(([field, label]) => isField(field) && isText(label))
        ? { channel: PREVIEW_CHANNEL, type: 'labels', labels: labels as Record<string, string> }
        : null;
    }
    case 'scroll-to':
      return isCount(data.y) ? { channel: PREVIEW_CHANNEL, type: 'scroll-to', y: data.y } : null;
    case 'outline':
      return data.field === null || isField(data.field)
        ? { channel: PREVIEW_CHANNEL, type: 'outline', field: data.field }
        : null;
    case 'run-checks':
      return isCount(data.id) ? { channel: PREVIEW_CHANNEL, type: 'run-checks', id: data.id } : null;
    case 'comments': {
      const { counts } = data;
      if (!isRecord(counts)) return null;
      const entries = Object.entries(counts);
      return entries.length <= MAX_FIELDS && entries.every(([field, count]) => isField(field) && isCount(count))
        ? { channel: PREVIEW_CHANNEL, type: 'comments', counts: counts as Record<string, number> }
        : null;
    }
    case 'render':
      return isCount(data.serial) && typeof data.html === 'string' && data.html.length <= MAX_HTML
        ? { channel: PREVIEW_CHANNEL, type: 'render', serial: data.serial, html: data.html }
        : null;
    default:
      return null;
  }
}
