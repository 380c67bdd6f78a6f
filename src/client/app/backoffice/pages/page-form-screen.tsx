import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIdParam } from '../../lib/id-param';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { ArrowLeft, Save } from 'lucide-react';
import {
  PAGE_MESSAGES,
  PAGE_NAME_MAX,
  PAGE_SCREEN_WORDS,
  PageDefinitionSchema,
  pageTypeWords,
  reservedNameProblem,
  type PageDefinitionInput,
  type PageRecord,
  type PageType,
} from '../../../../core/page-defs/page-definition';
import { ApiError, errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { FormField, FormSelect, RequiredNote, useFieldError } from '../../components/form-field';
import { LoadFailure, LoadingStatus, Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { Refusal, RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { useModules, usePageRecord, useSavePage } from './api';
import { PublicMenuPlaceSection } from './public-menu-place';
import { SpecTerm } from './spec-term';
import '../../../styles/page-defs.css';

/** The form's values: what the inputs hold. The page type is '' while neither box is checked. */
interface PageFormValues {
  filename: string;
  dspname: string;
  module: string;
  type: PageType | '';
  homepage: boolean;
}

const EMPTY_PAGE: PageFormValues = { filename: '', dspname: '', module: '', type: 'Autowired', homepage: false };

function formValues(record: PageRecord): PageFormValues {
  return {
    filename: record.filename,
    dspname: record.dspname,
    module: record.module === null ? '' : String(record.module),
    type: record.type,
    homepage: record.homepage === 'Y',
  };
}

function payloadOf(values: PageFormValues, id: number | undefined): PageDefinitionInput {
  return {
    ...(id === undefined ? {} : { id }),
    filename: values.filename.trim(),
    dspname: values.dspname.trim(),
    module: values.module === '' ? 0 : Number(values.module),
    type: values.type as PageType,
    homepage: values.homepage ? 'Y' : 'N',
  };
}

/**
 * The rules of docs/design.md §11 on the client, for comfort: the same schema and sentences as the server's
 * (PageDefinitionSchema, reservedNameProblem), plus the page type's rules. The server still decides (a name
 * taken by another page is only known there).
 */
function pageFormSchema(original: PageRecord | undefined) {
  const wired = original?.type === 'wired';
  return z
    .object({
      filename: z.string(),
      dspname: z.string(),
      module: z.string(),
      type: z.enum(['', 'wired', 'Autowired']),
      homepage: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const result = PageDefinitionSchema.safeParse(payloadOf(values, original?.id));
      for (const issue of result.success ? [] : result.error.issues) {
        const field = issue.path[0];
        // A wired page's name is fixed (read-only here): the server judges it.
        if (wired && field === 'filename') continue;
        if (typeof field === 'string') ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      if (values.type === 'wired' && !wired)
        ctx.addIssue({
          code: 'custom',
          path: ['type'],
          message: original ? PAGE_MESSAGES.wiredType : PAGE_MESSAGES.newWired,
        });
      if (values.type === 'Autowired' && wired)
        ctx.addIssue({ code: 'custom', path: ['type'], message: PAGE_MESSAGES.wiredType });
      if (!wired && result.success) {
        const reserved = reservedNameProblem(result.data.filename);
        if (reserved) ctx.addIssue({ code: 'custom', path: ['filename'], message: reserved });
      }
    });
}

/** Back to the list of pages: the form's way out, beside its title. */
const NAVIGATION = (
  <div className="screen-actions">
    <Link className="button button--outline" to="/homepages">
      <ArrowLeft className="button__icon" aria-hidden="true" focusable="false" />
      Back to pages
    </Link>
  </div>
);

/** formcreation, formcreation/:id: define a page (spec 001 §2 page creation, §4, §8; docs/design.md §11). */
export function PageFormScreen() {
  const pageId = useIdParam();
  const record = usePageRecord(pageId);
  // The form mounts with its module options: a select whose saved option is not there yet would read as empty.
  const modules = useModules();
  const title = pageId === undefined ? 'New page' : record.data ? `Edit page ${record.data.dspname}` : 'Edit page';
  const lead = (
    <>
      <p>What the page is called, where it belongs, and whether visitors see it.</p>
      <SpecTerm>
        Page Creation (formcreation): Define Page Name, Display Name, Module Name, Wired or Autowired, HomePage
      </SpecTerm>
    </>
  );
  return (
    <Screen title={title} lead={lead} actions={NAVIGATION}>
      {(pageId !== undefined && record.isPending) || modules.isPending ? (
        <LoadingStatus inline />
      ) : pageId !== undefined && record.isError ? (
        <LoadFailure inline message={errorMessage(record.error)} onRetry={() => void record.refetch()} />
      ) : modules.isError ? (
        <LoadFailure inline message={errorMessage(modules.error)} onRetry={() => void modules.refetch()} />
      ) : (
        <>
          <PageForm key={pageId ?? 'new'} original={record.data} modules={modules.data ?? []} />
          {record.data ? <PublicMenuPlaceSection page={record.data} /> : null}
        </>
      )}
    </Screen>
  );
}

function PageForm({
  original,
  modules,
}: {
  original: PageRecord | undefined;
  modules: ReadonlyArray<{ id: number; name: string }>;
}) {
  const navigate = useNavigate();
  const savePage = useSavePage();
  const schema = useMemo(() => pageFormSchema(original), [original]);
  const form = useStaffForm<PageFormValues>({
    schema,
    defaultValues: original ? formValues(original) : EMPTY_PAGE,
    submit: async (values) => {
      try {
        await savePage.mutateAsync(payloadOf(values, original?.id));
      } catch (error) {
        // Status No (a refusal: 400, 404, 409) carries the server's sentence; anything else is the catalogue's.
        // Said as a toast and on the form, whichever field it is about (the spec's toast; nothing typed is lost).
        const refused = error instanceof ApiError && [400, 404, 409].includes(error.status);
        const message = refused ? error.message : PAGE_SCREEN_WORDS.failed;
        notify.error(message);
        throw new Refusal(message);
      }
      notify.success(PAGE_SCREEN_WORDS.saved);
      void navigate('/homepages');
    },
  });
  const { control } = form.methods;
  const wired = original?.type === 'wired';

  return (
    <StaffForm form={form}>
      <RequiredNote />
      <PageNameField wired={wired} />
      <FormField
        name="dspname"
        id="dspname"
        label="Page title"
        required
        maxLength={100}
        hint="The page's heading, and its name in menus and lists."
      />
      <FormSelect
        name="module"
        id="module"
        label="Group of pages"
        required
        placeholder="Choose a group"
        options={modules.map((module) => ({ value: String(module.id), label: module.name }))}
        hint="Where the menu editor offers the page: Website, Services, Products or Administration."
      />
      <PageTypeField isNew={original === undefined} />
      <Controller
        name="homepage"
        control={control}
        render={({ field }) => (
          <div className="field">
            <label className="field__label page-form__check" htmlFor="homepage">
              <input
                id="homepage"
                type="checkbox"
                name={field.name}
                ref={field.ref}
                checked={field.value}
                disabled={wired}
                aria-describedby="homepage-hint"
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />{' '}
              Part of the public website
            </label>
            <p className="field__hint" id="homepage-hint">
              {wired
                ? 'Whether a built-in page is on the public website is fixed by its code.'
                : 'Ticked: visitors find the page at /{name}1 and in the sitemap, and it can go into the public menu. Not ticked: a page for staff only.'}
            </p>
          </div>
        )}
      />
      <RefusalBox message={form.refusal} className="page-form__refusal" />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={Save}>
          Save
        </SubmitButton>
      </div>
    </StaffForm>
  );
}

/** Define Page Name: at most 25 characters; read-only for a wired page (its code answers to the name). */
function PageNameField({ wired }: { wired: boolean }) {
  const { register } = useFormContext<PageFormValues>();
  const message = useFieldError('filename');
  const hint = wired
    ? PAGE_MESSAGES.wiredName
    : `Up to ${PAGE_NAME_MAX} characters: a letter, then letters, digits or hyphens. Staff edit the page at /{name}; visitors read it at /{name}1.`;
  return (
    <Field id="filename" label="Name in the address" required markRequired hint={hint} error={message}>
      {(control) => (
        <input
          {...control}
          {...register('filename')}
          className="field__input"
          maxLength={wired ? undefined : PAGE_NAME_MAX}
          readOnly={wired}
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  );
}

/** Built in (the spec's Wired) / made without code (Autowired): two checkboxes, checking one unchecks the other (spec 001 §4). */
function PageTypeField({ isNew }: { isNew: boolean }) {
  const { control } = useFormContext<PageFormValues>();
  const message = useFieldError('type');
  const hint = isNew
    ? `${PAGE_MESSAGES.newWired} Its fields are the ones you choose on its Fields screen.`
    : PAGE_MESSAGES.wiredType;
  const describedBy = ['page-type-hint', message ? 'page-type-error' : ''].filter(Boolean).join(' ');
  return (
    <Controller
      name="type"
      control={control}
      render={({ field }) => (
        <fieldset className="page-form__types" aria-describedby={describedBy}>
          <legend className="field__label">
            Page type{' '}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="page-form__choices">
            {(['wired', 'Autowired'] as const).map((type, index) => (
              <label key={type} className="page-form__check" htmlFor={`type-${type}`}>
                <input
                  id={`type-${type}`}
                  type="checkbox"
                  ref={index === 0 ? field.ref : undefined}
                  checked={field.value === type}
                  // A saved page keeps its type (the server refuses a change): both boxes are fixed.
                  disabled={!isNew}
                  aria-invalid={message ? true : undefined}
                  onChange={(event) => {
                    field.onChange(event.target.checked ? type : '');
                    // A click on a box is a finished answer: its rule shows at once.
                    field.onBlur();
                  }}
                  onBlur={field.onBlur}
                />{' '}
                {pageTypeWords(type)}
              </label>
            ))}
          </div>
          <p className="field__hint" id="page-type-hint">
            {hint}
          </p>
          {message ? (
            <p className="field__error" id="page-type-error">
              {message}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}
