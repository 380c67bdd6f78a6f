import { fileTypeFromBuffer } from 'file-type';
import { fileRuleOf } from '../../core/forms/form-rules';
import { FORM_FILE_TYPE_INFO, type FormField, type FormFileType } from '../../core/schemas/forms';

/**
 * A file sent with a form (docs/design.md §30): its kind told by its content, never by its name, and one the field
 * takes; a renamed program is refused with a sentence at its field.
 */

/** A sniffed kind of file that a form field can take, by its media type. */
const TYPE_OF_MIME = new Map<string, FormFileType>(
  Object.entries(FORM_FILE_TYPE_INFO).flatMap(([type, info]) => info.mime.map((mime) => [mime, type as FormFileType])),
);

/** Text a person wrote: valid UTF-8 without control characters beyond tabs and line breaks. */
function isPlainText(bytes: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // eslint-disable-next-line no-control-regex -- the control characters a text file never holds
  return !text.includes('\uFFFD') && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text);
}

/** The file's media type when it is one the field takes, or the sentence that refuses it. */
export async function sniffFormFile(field: FormField, bytes: Buffer): Promise<{ type: string } | { problem: string }> {
  const accept = field.accept ?? [];
  const sniffed = await fileTypeFromBuffer(bytes);
  const kind = sniffed ? TYPE_OF_MIME.get(sniffed.mime) : isPlainText(bytes) ? 'txt' : undefined;
  if (kind && accept.includes(kind)) return { type: FORM_FILE_TYPE_INFO[kind].mime[0]! };
  return {
    problem: `${field.label} must be ${fileRuleOf(field)}: this file is ${sniffed ? `a ${sniffed.ext.toUpperCase()} file` : 'of another kind'}.`,
  };
}
