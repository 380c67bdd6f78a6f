import { useId, useRef, useState } from 'react';
import { parseStoredImageUrl, type ImageFolder } from '../../../core/media/image-names';
import { api, errorMessage } from '../lib/api';
import { postFormWithProgress } from '../lib/upload';
import { notify } from '../toasts';
import { ImagePreview } from './image-preview';

/** What the file picker offers (spec 000 §9); the server decides by the bytes anyway. */
const PICKER_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

interface UploadAnswer {
  message?: string;
  url?: string;
}

/**
 * Sends one file to uploadImage with its upload's progress (lib/upload.ts). Resolves with the stored image's URL;
 * rejects with the server's message.
 */
async function uploadImage(file: File, target: { folder: ImageFolder; field: string | undefined }, onProgress: (fraction: number) => void): Promise<string> {
  const form = new FormData();
  // The folder (and field) first: the server reads the fields in order.
  form.append('page', target.folder);
  if (target.field) form.append('field', target.field);
  form.append('file', file);
  const { status, data } = await postFormWithProgress('/api/master/uploadImage', form, onProgress).catch(() => {
    throw new Error('Failed to upload file');
  });
  const answer = data && typeof data === 'object' ? (data as UploadAnswer) : null;
  if (status === 200 && answer?.message === 'File uploaded successfully' && answer.url) return answer.url;
  throw new Error(answer?.message ?? 'Failed to upload file');
}

/**
 * The image field of an entry with uploads (About management, Customers, Autowired pages): a picker for .png/.jpg/.jpeg, an
 * Upload button once a file is chosen (and Clear the chosen file), a progress bar while it goes up, and a preview. The
 * uploaded image's URL goes into the field; the URL can still be typed (demo images, other sites). A file chosen but
 * not uploaded is reported (`onPendingFile`): the list editor's Add refuses it rather than add the entry without it.
 */
export function ImageUploadField({
  id,
  folder,
  field,
  value,
  onChange,
  describedBy,
  invalid,
  onPendingFile,
  pickerLabel = 'Choose an image file (PNG or JPEG)',
}: {
  id: string;
  folder: ImageFolder;
  /** The file picker's label: another where one editor has two pickers (the sharing image beside a page's own). */
  pickerLabel?: string;
  /** An Autowired page's Image parameter, whose size rules the server checks on upload. */
  field?: string | undefined;
  value: string;
  onChange: (text: string) => void;
  describedBy: string | undefined;
  /** The field's value was refused (its error is in `describedBy`). */
  invalid?: true | undefined;
  /** Told whether a chosen file waits to be uploaded. */
  onPendingFile?: ((pending: boolean) => void) | undefined;
}) {
  const pickerId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFileState] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const setFile = (chosen: File | null) => {
    setFileState(chosen);
    onPendingFile?.(chosen !== null);
  };
  const clearFile = () => {
    setFile(null);
    if (picker.current) {
      picker.current.value = '';
      picker.current.focus();
    }
  };

  const upload = async () => {
    if (!file) return;
    setProgress(0);
    try {
      const url = await uploadImage(file, { folder, field }, setProgress);
      onChange(url);
      notify.success('Upload successfully!..');
      setFile(null);
      if (picker.current) picker.current.value = '';
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      notify.error(message && message !== 'Failed to upload file' ? `Failed to upload file: ${message}` : 'Failed to upload file');
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="image-field">
      <input
        id={id}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        autoComplete="off"
        className="field__input"
        type="url"
        inputMode="url"
        spellCheck={false}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div className="image-field__upload">
        <label className="field__label" htmlFor={pickerId}>
          {pickerLabel}
        </label>
        <input
          ref={picker}
          id={pickerId}
          type="file"
          accept={PICKER_ACCEPT}
          disabled={progress !== null}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        {file ? (
          <>
            <button type="button" className="button button--outline" disabled={progress !== null} onClick={() => void upload()}>
              Upload
            </button>
            <button type="button" className="button button--outline" disabled={progress !== null} onClick={clearFile}>
              Clear the chosen file
            </button>
          </>
        ) : null}
        {progress !== null ? (
          <progress className="image-field__progress" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        ) : null}
      </div>
      <ImagePreview src={value} />
    </div>
  );
}

/**
 * After an entry with an uploaded image left the list (spec 000 §4): deletes the image unless another entry
 * still shows it. The entry is gone whatever the answer; the answer only decides the toast.
 */
export async function deleteImageOfRemovedEntry(url: string, folder: ImageFolder, stillUsed: readonly string[]): Promise<void> {
  const image = parseStoredImageUrl(url);
  if (!image || image.folder !== folder) return;
  if (stillUsed.some((other) => parseStoredImageUrl(other)?.name === image.name)) return;
  try {
    const answer = await api<{ message?: string }>('/api/master/deleteImage', { filename: url, page: folder });
    if (answer.message === 'Success') notify.success('Image deleted successfully!..');
    else notify.warning(`Could not delete image: ${answer.message ?? 'no answer'}`);
  } catch (error) {
    notify.warning(`Could not delete image: ${errorMessage(error)}`);
  }
}
