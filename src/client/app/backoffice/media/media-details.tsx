import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { Replace, Save, Trash2, X } from 'lucide-react';
import { z } from 'zod';
import {
  ALT_TEXT_MAX,
  MediaUpdateSchema,
  TITLE_MAX,
  UNTITLED_IMAGE,
  type MediaItem,
  type MediaUse,
} from '../../../../core/schemas/media';
import { Field } from '../../../components/field';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { useConfirm } from '../../components/confirm-dialog';
import { FormField, useFieldError } from '../../components/form-field';
import { IconButton } from '../../components/icon-button';
import { useModalDialog } from '../../components/modal-dialog';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm, type StaffFormState } from '../../components/staff-form';
import { notify } from '../../toasts';
import { ImageInUseError, readMediaItem, useDeleteMedia, useReplaceMedia, useSaveMediaDetails, versioned } from './api';
import { formatCount } from '../../lib/staff-locale';

/** "1,234 KB": an image's size as the list and its details say it. */
export const kilobytes = (bytes: number) => `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** What an image is called on the screens (docs/design.md §34): its title, or "Untitled image". */
export const titleOf = (item: Pick<MediaItem, 'title'>) => item.title || UNTITLED_IMAGE;

/** A focal point as the inputs show it: a whole percentage from the left or the top. */
const percent = (fraction: number) => String(Math.round(fraction * 1000) / 10);

/** What the file picker offers; the server decides by the bytes (PNG, JPEG, GIF or WebP, docs/design.md §8). */
const PICKER_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp';

/** The places that show an image, each a link to its editor (the company's logo: the company details). */
export function UsedByList({ uses, label }: { uses: readonly MediaUse[]; label: string }) {
  return (
    <ul className="media-detail__uses" aria-label={label}>
      {uses.map((use) => (
        <li key={`${use.routing} ${use.field}`}>
          <Link to={`/${use.routing}`}>{use.page}</Link> <span className="media-detail__field">({use.field})</span>
        </li>
      ))}
    </ul>
  );
}

/** How Replace and Delete ask before they act: the one confirm dialog of the details, shared by both. */
type Confirm = ReturnType<typeof useConfirm>['confirm'];

/** The details as their inputs hold them: the focal point a percentage typed. */
interface DetailValues {
  title: string;
  alt: string;
  focalX: string;
  focalY: string;
}
type DetailOutput = { title: string; alt: string; focalX: number; focalY: number };

/** A percentage typed (a comma for the point allowed) as the fraction it stands for; null when it is no 0 to 100. */
function fractionOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 100 ? value / 100 : null;
}

/** A focal point's input: a percentage from 0 to 100, sent as the call's fraction from 0 to 1. */
const focalInput = (field: 'focalX' | 'focalY', from: string) =>
  z
    .string()
    .transform((text, context) => {
      const fraction = fractionOf(text);
      if (fraction !== null) return fraction;
      context.addIssue({
        code: 'custom',
        message: `Enter a number from 0 to 100 for how far from the ${from} the focal point is.`,
      });
      return z.NEVER;
    })
    .pipe(MediaUpdateSchema.shape[field]);

/**
 * The call's own rules (`updateMediaItem`), the focal point typed as a percentage. The title's are left to the server,
 * whose sentence shows at the field on Save (a sentence shown as the field is left would move Save under the pointer).
 */
const DetailsSchema = z.object({
  title: z.string().trim(),
  alt: MediaUpdateSchema.shape.alt,
  focalX: focalInput('focalX', 'left'),
  focalY: focalInput('focalY', 'top'),
}) as z.ZodType<DetailOutput, DetailValues>;

const detailValues = (item: MediaItem): DetailValues => ({
  title: item.title,
  alt: item.alt,
  focalX: percent(item.focalX),
  focalY: percent(item.focalY),
});

/**
 * The title, alt text and focal point being edited, on the one form model, and Save. A hook of its own because the
 * picture (a click sets the focal point) and the form both read and change the same values.
 */
function useMediaDetailsForm(item: MediaItem, onChanged: (item: MediaItem) => void) {
  const save = useSaveMediaDetails();
  const form = useStaffForm<DetailValues, DetailOutput>({
    schema: DetailsSchema,
    defaultValues: detailValues(item),
    submit: async (details) => {
      const saved = await save.mutateAsync({ id: item.id, details });
      onChanged(saved);
      // The saved values are the new start; the inputs stay registered (the focus can come back to them).
      form.methods.reset(detailValues(saved), { keepFieldsRef: true });
      notify.success(`The title, alt text and focal point of “${titleOf(saved)}” are saved.`, 'Image saved');
    },
  });
  return form;
}

/** What useMediaDetailsForm holds: the values the picture and the form share. */
type MediaDetailsFormState = StaffFormState<DetailValues, DetailOutput>;

/** The picture large with the focal point's marker; a click on it moves the point (the inputs do it by keyboard). */
function FocalPointPicture({
  item,
  version,
  form,
}: {
  item: MediaItem;
  version: number | undefined;
  form: MediaDetailsFormState;
}) {
  const { methods } = form;
  const [focalX, focalY] = useWatch({ control: methods.control, name: ['focalX', 'focalY'] });
  const shown = { x: fractionOf(focalX) ?? item.focalX, y: fractionOf(focalY) ?? item.focalY };

  // A click on the picture puts the focal point where it landed.
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const at = (offset: number, size: number) => percent(Math.min(1, Math.max(0, offset / size)));
    methods.setValue('focalX', at(event.clientX - box.left, box.width));
    methods.setValue('focalY', at(event.clientY - box.top, box.height));
    methods.clearErrors(['focalX', 'focalY']);
  };

  return (
    <figure className="media-detail__picture">
      <span className="media-detail__frame">
        {/* The focal point's inputs below do the same by keyboard: the click is a shortcut for a pointer. */}
        <img
          src={versioned(item.url, item, version)}
          alt={item.alt}
          width={item.width}
          height={item.height}
          className="media-detail__image"
          onClick={pick}
        />
        <span
          className="media-detail__marker"
          style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
          aria-hidden="true"
        />
      </span>
      <figcaption className="media-detail__caption">
        Click the picture to set its focal point: the part that stays in view when a page crops it.
      </figcaption>
    </figure>
  );
}

/** The facts of an image that staff cannot edit: its file, size, upload and address. */
function MediaFacts({ item }: { item: MediaItem }) {
  const uploadedBy = item.uploadedBy ? ` by ${item.uploadedBy}` : '';
  return (
    <dl className="media-detail__facts">
      <div>
        <dt>File</dt>
        <dd>{item.name}</dd>
      </div>
      <div>
        <dt>Size</dt>
        <dd>
          {item.width} × {item.height} pixels, {kilobytes(item.bytes)}
        </dd>
      </div>
      <div>
        <dt>Uploaded</dt>
        <dd>
          <time dateTime={item.uploadedAt}>{formatDateTime(item.uploadedAt)}</time>
          {uploadedBy}
        </dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          <a href={item.url} target="_blank" rel="noreferrer" className="media-detail__address">
            {item.url}
          </a>
        </dd>
      </div>
    </dl>
  );
}

/** A focal point's input: a percentage, by keyboard in steps of one. */
const PERCENT_INPUT = {
  className: 'field__input',
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: 100,
  step: 1,
} as const;

/** One coordinate of the focal point: a percentage, typed or set by a click on the picture. */
function FocalField({ id, field }: { id: string; field: 'focalX' | 'focalY' }) {
  const { register } = useFormContext<DetailValues>();
  const problem = useFieldError(field);
  const label = field === 'focalX' ? 'From the left (%)' : 'From the top (%)';
  return (
    <Field id={id} label={label} error={problem}>
      {(control) => <input {...control} {...register(field)} {...PERCENT_INPUT} />}
    </Field>
  );
}

/** The title and the alt text, each with its counter of characters as typed. */
function TextFields({ ids }: { ids: Record<'titleInput' | 'alt', string> }) {
  const [title, alt] = useWatch<DetailValues, ['title', 'alt']>({ name: ['title', 'alt'] });
  return (
    <>
      <FormField
        name="title"
        id={ids.titleInput}
        label="Title"
        hint={`What staff call the image; searched on this screen. ${[...title].length} of ${TITLE_MAX} characters.`}
      />
      <FormField
        name="alt"
        id={ids.alt}
        label="Alt text"
        multiline
        maxLength={ALT_TEXT_MAX}
        hint={`What the picture shows, for visitors who cannot see it. ${alt.length} of ${ALT_TEXT_MAX} characters.`}
      />
    </>
  );
}

/**
 * The form of the title, alt text (each with its counter) and focal point, with Save. Its ids come from the
 * details dialog, which makes every id of the dialog in one place.
 */
function MediaDetailsForm({
  ids,
  form,
}: {
  ids: Record<'titleInput' | 'alt' | 'focalX' | 'focalY', string>;
  form: MediaDetailsFormState;
}) {
  return (
    <StaffForm form={form} className="app-form media-detail__form">
      <TextFields ids={ids} />
      <fieldset className="app-fieldset media-detail__focal">
        <legend className="app-fieldset__legend">Focal point</legend>
        <FocalField id={ids.focalX} field="focalX" />
        <FocalField id={ids.focalY} field="focalY" />
      </fieldset>
      <RefusalBox message={form.refusal} className="media-refusal" />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={Save}>
          Save
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

/** The replace form's value: the file input's files, and the one picture taken from them. */
interface ReplaceValues {
  file: FileList | null;
}
const ReplaceSchema = z.object({
  file: z
    .custom<FileList | null>()
    .refine((files) => (files?.length ?? 0) > 0, {
      message: 'Choose the new picture first: a PNG, JPEG, GIF or WebP file.',
    })
    .transform((files) => files![0]!),
}) as z.ZodType<{ file: File }, ReplaceValues>;

/**
 * Replace the picture: a new file under the same address, asked first because every page that shows the image
 * changes at once (docs/design.md §34), with the upload's progress. A refusal shows at the file's input.
 */
function ReplacePictureSection({
  item,
  named,
  ids,
  confirm,
  onChanged,
  onReplaced,
}: {
  item: MediaItem;
  /** The image's title in quotes, as the question and the toast name it. */
  named: string;
  ids: Record<'replace' | 'file', string>;
  confirm: Confirm;
  onChanged: (item: MediaItem) => void;
  onReplaced: () => void;
}) {
  const replace = useReplaceMedia();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useStaffForm<ReplaceValues, { file: File }>({
    schema: ReplaceSchema,
    defaultValues: { file: null },
    submit: async ({ file: chosen }) => {
      // Every page that shows the image shows the new picture at once: asked first (docs/design.md §34).
      const question = `Replace the picture of ${named} with ${chosen.name}? Every page that uses this image will show the new picture.`;
      if (!(await confirm(question, { title: 'Replace the picture', confirmLabel: 'Replace' }))) return;
      setProgress(0);
      try {
        onChanged(await replace.mutateAsync({ id: item.id, file: chosen, onProgress: setProgress }));
        onReplaced();
        form.methods.setValue('file', null);
        notify.success(
          `The new picture of ${named} is in place: every page that shows it shows the new one.`,
          'Picture replaced',
        );
      } catch (error) {
        // Whatever the server says of the file is said at its input, which takes the focus again.
        flushSync(() => setProgress(null));
        form.methods.setError('file', { type: 'server', message: errorMessage(error) });
        form.methods.setFocus('file');
      } finally {
        setProgress(null);
      }
    },
  });
  const uploading = progress !== null;

  return (
    <section className="media-detail__section" aria-labelledby={ids.replace}>
      <h3 className="media-detail__subtitle" id={ids.replace}>
        Replace the picture
      </h3>
      <StaffForm form={form} className="app-form media-detail__replace">
        <PictureField id={ids.file} item={item} disabled={uploading} />
        <div className="app-actions">
          {/* Busy while the picture goes (the question before it is a dialog of its own). */}
          <SubmitButton busy={uploading} icon={Replace} className="button button--outline">
            Replace
          </SubmitButton>
          {uploading ? (
            <progress className="media-detail__progress" max={1} value={progress} aria-label="Upload progress">
              {Math.round(progress * 100)}%
            </progress>
          ) : null}
        </div>
      </StaffForm>
    </section>
  );
}

/** The new picture's file input, off while a picture is on its way. */
function PictureField({ id, item, disabled }: { id: string; item: MediaItem; disabled: boolean }) {
  const file = useFormContext<ReplaceValues>().register('file');
  const hint = `PNG, JPEG, GIF or WebP. It is fitted to ${item.width} × ${item.height} around the focal point and keeps this image's address, so every page that shows it shows the new one.`;
  return (
    <Field id={id} label="New picture" hint={hint} error={useFieldError('file')}>
      {(control) => (
        <input {...control} {...file} className="field__input" type="file" accept={PICKER_ACCEPT} disabled={disabled} />
      )}
    </Field>
  );
}

/**
 * Delete image (docs/design.md §34): first asks the server where the image is used now; a used image shows its
 * places and nothing is asked, an unused one is deleted behind a question.
 */
function DeleteImageSection({
  item,
  named,
  confirm,
  onDeleted,
}: {
  item: MediaItem;
  /** The image's title in quotes, as the refusal, the question and the toast name it. */
  named: string;
  confirm: Confirm;
  onDeleted: () => void;
}) {
  const remove = useDeleteMedia();
  const [inUse, setInUse] = useState<ImageInUseError | null>(null);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const [checkingUse, setCheckingUse] = useState(false);

  const deleteImage = async () => {
    if (checkingUse) return;
    setInUse(null);
    setDeleteRefusal(null);
    // Where it is used now, before anything is asked: a used image is not offered a Delete that would be refused.
    setCheckingUse(true);
    let usedBy: MediaUse[];
    try {
      usedBy = (await readMediaItem(item.id)).usedBy;
    } catch (error) {
      setDeleteRefusal(errorMessage(error));
      return;
    } finally {
      setCheckingUse(false);
    }
    if (usedBy.length > 0) {
      setInUse(
        new ImageInUseError(
          `${named} cannot be deleted: it is used ${usedBy.length === 1 ? 'in 1 place' : `in ${usedBy.length} places`}. Take it out of ${usedBy.length === 1 ? 'it' : 'them'} first.`,
          usedBy,
        ),
      );
      return;
    }
    const question = `Delete ${named}? Its address stops working; a backup made before now still holds it.`;
    if (!(await confirm(question, { title: 'Delete the image', confirmLabel: 'Delete', danger: true }))) return;
    try {
      await remove.mutateAsync(item.id);
      notify.success(`The image ${named} is deleted.`, 'Image deleted');
      onDeleted();
    } catch (error) {
      if (error instanceof ImageInUseError) setInUse(error);
      else setDeleteRefusal(errorMessage(error));
    }
  };

  return (
    <div className="media-detail__section media-detail__delete">
      <button
        type="button"
        className="button button--outline media-detail__delete-button"
        disabled={remove.isPending || checkingUse}
        aria-busy={checkingUse || undefined}
        onClick={() => void deleteImage()}
      >
        <Trash2 className="button__icon" aria-hidden="true" focusable="false" />
        Delete image
      </button>
      {/* Always there, so that a refusal that comes is read out. */}
      <div role="alert" className="media-detail__delete-outcome">
        {inUse ? (
          <div className="refusal-box media-refusal">
            <p>{inUse.message}</p>
            <UsedByList uses={inUse.usedBy} label="Places that still show this image" />
          </div>
        ) : deleteRefusal ? (
          <p className="refusal-box media-refusal">{deleteRefusal}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One image of the library in a modal dialog, headed by its title: the picture large (a click on it sets the focal
 * point, shown as a marker; two percentage inputs do the same by keyboard), its title and alt text with counters,
 * Save; where it is used, each place a link to its editor; Replace behind a question that names the image (a new
 * picture under the same address, with progress); Delete (docs/design.md §34) first asks the server where the image is
 * used now: while anything shows it, the places are shown and nothing is asked; an unused image is deleted behind
 * a question. The focus starts on Close; Escape closes.
 */
export function MediaDetails({
  item,
  version,
  onChanged,
  onReplaced,
  onDeleted,
  onClose,
}: {
  item: MediaItem;
  /** Set after a replace: the picture's address asked anew (the browser holds the old bytes for an hour). */
  version: number | undefined;
  /** The image as the server now has it, after a save or a replace (it may have left the filtered list). */
  onChanged: (item: MediaItem) => void;
  onReplaced: () => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const { firstFocus: closeButton, dialogProps } = useModalDialog(onClose);
  const ids = {
    title: useId(),
    titleInput: useId(),
    alt: useId(),
    focalX: useId(),
    focalY: useId(),
    uses: useId(),
    replace: useId(),
    file: useId(),
  };
  const { confirm, dialog } = useConfirm();
  const form = useMediaDetailsForm(item, onChanged);
  const named = `“${titleOf(item)}”`;

  return (
    <dialog {...dialogProps} className="staff-dialog media-detail" aria-labelledby={ids.title}>
      <div className="media-detail__header">
        <h2 className="media-detail__title" id={ids.title}>
          {titleOf(item)}
        </h2>
        <IconButton ref={closeButton} icon={X} label="Close" tooltipAlign="end" onClick={onClose} />
      </div>

      <div className="media-detail__body">
        <FocalPointPicture item={item} version={version} form={form} />
        <div className="media-detail__side">
          <MediaFacts item={item} />
          <MediaDetailsForm ids={ids} form={form} />
        </div>
      </div>

      <section className="media-detail__section" aria-labelledby={ids.uses}>
        <h3 className="media-detail__subtitle" id={ids.uses}>
          Where used
        </h3>
        {item.usedBy.length === 0 ? (
          <p>Nothing shows this image: it can be deleted.</p>
        ) : (
          <UsedByList uses={item.usedBy} label="Places that show this image" />
        )}
      </section>

      <ReplacePictureSection
        item={item}
        named={named}
        ids={ids}
        confirm={confirm}
        onChanged={onChanged}
        onReplaced={onReplaced}
      />
      <DeleteImageSection item={item} named={named} confirm={confirm} onDeleted={onDeleted} />
      {dialog}
    </dialog>
  );
}
