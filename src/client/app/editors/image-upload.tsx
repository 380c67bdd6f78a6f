import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ClipboardEvent, DragEvent } from 'react';
import { parseStoredImageUrl, type ImageFolder } from '../../../core/media/image-names';
import { api, apiUrl, errorMessage } from '../lib/api';
import { postFormWithProgress } from '../lib/upload';
import { notify } from '../toasts';
import { ImagePreview } from './image-preview';
import { SAVED_ON_SCREEN } from '../lib/screen-words';
import * as uploadsApi from '../../../core/api/uploads';

// The library's dialog is a chunk of its own, fetched when it is first opened: most visits to an editor never open
// it, and the editor's first screen stays within its budget (docs/design.md §26).
const MediaPicker = lazy(() => import('./media-picker'));

/** What the file picker offers (spec 000 §9); the server decides by the bytes anyway. */
const PICKER_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

const UPLOAD_FAILED = 'Failed to upload file';

interface UploadAnswer {
  message?: string;
  url?: string;
}

/** An upload stopped by its Cancel button (or by the field leaving the screen): no error to report. */
class UploadCancelled extends Error {}

/**
 * Sends one file to uploadImage with its upload's progress (lib/upload.ts). Resolves with the stored image's URL;
 * rejects with the server's message, or with UploadCancelled when `signal` aborts it.
 */
async function uploadImage(
  file: File,
  target: { folder: ImageFolder; field: string | undefined },
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  // The folder (and field) first: the server reads the fields in order.
  form.append('page', target.folder);
  if (target.field) form.append('field', target.field);
  form.append('file', file);
  const { status, data } = await postFormWithProgress(apiUrl(uploadsApi.uploadImage), form, onProgress, signal).catch(
    () => {
      throw signal.aborted ? new UploadCancelled() : new Error(UPLOAD_FAILED);
    },
  );
  const answer = data && typeof data === 'object' ? (data as UploadAnswer) : null;
  if (status === 200 && answer?.message === 'File uploaded successfully' && answer.url) return answer.url;
  throw new Error(answer?.message ?? UPLOAD_FAILED);
}

/** One file on its way: waiting its turn, going up, in the library, or refused (with the server's sentence). */
export interface FileUpload {
  key: number;
  name: string;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0 to 1 while it goes up. */
  progress: number;
  /** Why it was refused. */
  problem?: string;
}

const isUnderWay = (upload: FileUpload) => upload.state === 'waiting' || upload.state === 'uploading';

/** The files a drag or a paste carries (none when it carries text, a link or nothing). */
const filesOf = (data: DataTransfer | null): File[] => (data ? Array.from(data.files) : []);

/** Whether an event happened in the field's own markup, not in the library's dialog (a portal, whose events bubble here through React). */
const withinField = (event: { currentTarget: Element; target: EventTarget }) =>
  event.target instanceof Node && event.currentTarget.contains(event.target);

/**
 * The field's uploads: each file chosen, dropped or pasted goes up in its turn, with its line (progress, Cancel,
 * what became of it); the first one uploaded goes into the field and the others wait in the library.
 */
function useImageUploads({
  folder,
  field,
  onChange,
  onPendingFile,
}: {
  folder: ImageFolder | undefined;
  field: string | undefined;
  onChange: (text: string) => void;
  onPendingFile: ((pending: boolean) => void) | undefined;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  /** Images of the latest files that went to the library but not into the field. */
  const [inLibrary, setInLibrary] = useState(0);
  const controllers = useRef(new Map<number, AbortController>());
  /** The uploads run one after another: each new file waits on this. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Whether the current files already put one image into the field. */
  const fieldTaken = useRef(false);
  const succeeded = useRef(0);
  const nextKey = useRef(0);

  const underWay = uploads.some(isUnderWay);
  // Reported on change only, through a ref: the callback is a new function on every render of the list editor.
  const reportPending = useRef(onPendingFile);
  reportPending.current = onPendingFile;
  useEffect(() => {
    reportPending.current?.(underWay);
  }, [underWay]);

  // Leaving the screen (or the list editor clearing its form, which remounts it) stops what is under way.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: number, change: Partial<FileUpload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const sendOne = async (file: File, key: number, signal: AbortSignal, target: ImageFolder) => {
    if (signal.aborted) return;
    update(key, { state: 'uploading' });
    try {
      const url = await uploadImage(file, { folder: target, field }, (progress) => update(key, { progress }), signal);
      update(key, { state: 'done', progress: 1 });
      succeeded.current += 1;
      if (fieldTaken.current) setInLibrary((count) => count + 1);
      else {
        fieldTaken.current = true;
        onChange(url);
      }
    } catch (error) {
      if (error instanceof UploadCancelled) return;
      update(key, { state: 'failed', problem: uploadProblem(error) });
      notifyUploadFailed(error);
    } finally {
      controllers.current.delete(key);
    }
  };

  /** Sends the files, one after another, each with its line; the first uploaded goes into the field. */
  const uploadFiles = (files: readonly File[]) => {
    if (!folder || files.length === 0) return;
    const target = folder;
    const fresh = controllers.current.size === 0;
    if (fresh) {
      // Nothing under way: the lines of earlier files make room, and the next image uploaded goes into the field.
      fieldTaken.current = false;
      succeeded.current = 0;
      setInLibrary(0);
    }
    const added = files.map((file) => {
      const key = nextKey.current++;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      return {
        file,
        key,
        signal: controller.signal,
        line: { key, name: file.name || 'The pasted image', state: 'waiting', progress: 0 } satisfies FileUpload,
      };
    });
    setUploads((current) => [...(fresh ? [] : current), ...added.map((upload) => upload.line)]);
    for (const upload of added)
      queue.current = queue.current.then(() => sendOne(upload.file, upload.key, upload.signal, target));
    queue.current = queue.current.then(() => {
      // Once everything asked for has gone: one toast for the files that went up (the spec's words).
      if (controllers.current.size === 0 && succeeded.current > 0) {
        succeeded.current = 0;
        notify.success(SAVED_ON_SCREEN.imageUploaded);
      }
    });
    if (picker.current) picker.current.value = '';
  };

  const cancel = (key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setUploads((current) => current.filter((upload) => upload.key !== key));
    // Its Cancel button goes with its line.
    picker.current?.focus();
  };

  return { picker, uploads, inLibrary, underWay, uploadFiles, cancel };
}

/** What a refused file's line says: the server's sentence, or that the upload never reached it. */
function uploadProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message && message !== UPLOAD_FAILED
    ? message
    : 'The upload did not reach the server. Check your connection and try again.';
}

/** The toast of a refused file: the spec's words, with the server's sentence when there is one. */
function notifyUploadFailed(error: unknown): void {
  const message = error instanceof Error ? error.message : '';
  notify.error(message && message !== UPLOAD_FAILED ? `${UPLOAD_FAILED}: ${message}` : UPLOAD_FAILED);
}

/**
 * The field's box as a drop zone: files dragged onto it or pasted while it has the focus go up (with an upload
 * folder); `dragging` marks the box while a file is over it. Text and links are left to the address input.
 */
function useImageDrop(folder: ImageFolder | undefined, uploadFiles: (files: readonly File[]) => void) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!folder || !withinField(event) || !event.dataTransfer.types.includes('Files')) return;
    // Taking the drag over is what lets the drop happen here (and not open the file in the tab).
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving between the zone's own children is no leaving.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    const files = filesOf(event.dataTransfer);
    if (!folder || !withinField(event) || files.length === 0) return;
    event.preventDefault();
    uploadFiles(files);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const files = filesOf(event.clipboardData);
    // Pasted text (an address) goes into the address input as usual.
    if (!folder || !withinField(event) || files.length === 0) return;
    event.preventDefault();
    uploadFiles(files);
  };

  return { dragging, dropHandlers: { onDragEnter: onDragOver, onDragOver, onDragLeave, onDrop, onPaste } };
}

/** The media library's dialog: open or not, and the focus back on what opened it when it closes. */
function useLibraryDialog() {
  const [libraryOpen, setLibraryOpen] = useState(false);
  /** What had the focus when the library opened (its button): it gets it back when the dialog closes. */
  const libraryOpener = useRef<HTMLElement | null>(null);

  const openLibrary = () => {
    libraryOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLibraryOpen(true);
  };
  const closeLibrary = () => {
    setLibraryOpen(false);
    const opener = libraryOpener.current;
    // After React has removed the dialog (while it is open the page behind it is inert).
    requestAnimationFrame(() => opener?.focus());
  };

  return { libraryOpen, openLibrary, closeLibrary };
}

/**
 * An image field (docs/design.md §8, §27): the image's address (typed: demo images, other sites), and, with an upload folder,
 * a drop zone (the field's box: a file dragged onto it, an image pasted while the field has the focus, or the file
 * picker for keyboard users), and "Choose from library" (the media library's dialog). A file goes up as soon as it
 * is chosen, dropped or pasted, with a progress line and Cancel; several go up one after another (the server
 * re-encodes each; one at a time keeps the field's choice in the order given), each with its line: the field takes
 * the first one uploaded, the others wait in the library, and a sentence says so. A refused file says why on its
 * line and in a toast. While a file is under way the field reports it (`onPendingFile`): the list editor's Add
 * refuses the entry rather than add it without its image.
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
  /** Where uploads go; without it the field takes an address or an image of the library, and uploads nothing. */
  folder?: ImageFolder | undefined;
  /** The file picker's label: another where one editor has two pickers (the sharing image beside a page's own). */
  pickerLabel?: string;
  /** An Autowired page's Image parameter, whose size rules the server checks on upload. */
  field?: string | undefined;
  value: string;
  onChange: (text: string) => void;
  describedBy: string | undefined;
  /** The field's value was refused (its error is in `describedBy`). */
  invalid?: true | undefined;
  /** Told whether a file is on its way up (waiting or uploading). */
  onPendingFile?: ((pending: boolean) => void) | undefined;
}) {
  const pickerId = useId();
  const hintId = useId();
  const { picker, uploads, inLibrary, underWay, uploadFiles, cancel } = useImageUploads({
    folder,
    field,
    onChange,
    onPendingFile,
  });
  const { dragging, dropHandlers } = useImageDrop(folder, uploadFiles);
  const { libraryOpen, openLibrary, closeLibrary } = useLibraryDialog();

  return (
    <div
      className={`image-field${folder ? ' image-field--drop' : ''}${dragging ? ' image-field--dragging' : ''}`}
      {...dropHandlers}
    >
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
        {folder ? (
          <>
            <p className="image-field__hint" id={hintId}>
              {dragging ? 'Drop the image to upload it.' : 'Drop an image here, paste one, or choose a file.'}
            </p>
            <label className="field__label" htmlFor={pickerId}>
              {pickerLabel}
            </label>
            <input
              ref={picker}
              id={pickerId}
              type="file"
              multiple
              accept={PICKER_ACCEPT}
              aria-describedby={hintId}
              onChange={(event) => uploadFiles(Array.from(event.currentTarget.files ?? []))}
            />
          </>
        ) : null}
        <button type="button" className="button button--outline" onClick={openLibrary}>
          Choose from library
        </button>
      </div>
      {uploads.length > 0 ? <UploadLines uploads={uploads} onCancel={cancel} /> : null}
      {/* Always there, so that the sentence is announced when it comes. */}
      <p className="image-field__more" role="status">
        {inLibrary > 0 && !underWay ? (
          <>
            {inLibrary === 1 ? '1 more image is' : `${inLibrary} more images are`} in the library:{' '}
            <button type="button" className="link-button" onClick={openLibrary}>
              Choose from library
            </button>
          </>
        ) : null}
      </p>
      <ImagePreview src={value} />
      {libraryOpen ? (
        <Suspense fallback={null}>
          <MediaPicker
            onClose={closeLibrary}
            onChoose={(item) => {
              onChange(item.url);
              closeLibrary();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A line per file: its name, then a progress bar and Cancel while it goes up, or what became of it. */
function UploadLines({ uploads, onCancel }: { uploads: readonly FileUpload[]; onCancel: (key: number) => void }) {
  return (
    <ul className="image-field__uploads" aria-label="Uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className={`image-field__line image-field__line--${upload.state}`}>
          <span className="image-field__name">{upload.name}</span>
          {isUnderWay(upload) ? (
            <>
              <progress
                className="image-field__progress"
                max={1}
                value={upload.progress}
                aria-label={`Uploading ${upload.name}`}
              >
                {Math.round(upload.progress * 100)}%
              </progress>
              <span className="image-field__state">
                {upload.state === 'waiting' ? 'Waiting' : `${Math.round(upload.progress * 100)}%`}
              </span>
              <button
                type="button"
                className="button button--outline image-field__cancel"
                onClick={() => onCancel(upload.key)}
              >
                Cancel<span className="visually-hidden"> the upload of {upload.name}</span>
              </button>
            </>
          ) : upload.state === 'done' ? (
            <span className="image-field__state">Uploaded.</span>
          ) : (
            <span className="image-field__state image-field__problem">Not uploaded: {upload.problem}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * After an entry with an uploaded image left the list (spec 000 §4): deletes the image unless another entry
 * still shows it. The entry is gone whatever the answer; the answer only decides the toast.
 */
export async function deleteImageOfRemovedEntry(
  url: string,
  folder: ImageFolder,
  stillUsed: readonly string[],
): Promise<void> {
  const image = parseStoredImageUrl(url);
  // The slides' images are shared by two carousels and stay in the library (its screen deletes what nothing uses).
  if (!image || image.folder !== folder || folder === 'slides') return;
  if (stillUsed.some((other) => parseStoredImageUrl(other)?.name === image.name)) return;
  try {
    const answer = await api(uploadsApi.deleteImage, { body: { filename: url, page: folder } });
    if (answer.message === 'Success') notify.success(SAVED_ON_SCREEN.imageDeleted);
    else notify.warning(`Could not delete image: ${answer.message ?? 'no answer'}`);
  } catch (error) {
    notify.warning(`Could not delete image: ${errorMessage(error)}`);
  }
}
