import { ListPlus } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { PageRecord } from '../../../../core/page-defs/page-definition';
import { PlacePageSchema, type PublicMenuPlace } from '../../../../core/page-defs/public-menu';
import { ApiError, errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { useFieldError } from '../../components/form-field';
import { LoadFailure, LoadingStatus } from '../../components/screen';
import { RefusalBox, StaffForm, SubmitButton, useStaffForm } from '../../components/staff-form';
import { notify } from '../../toasts';
import { usePlaceInPublicMenu, usePublicMenuPlace } from './api';
import { SpecTerm } from './spec-term';

const TOP_LEVEL = 'top';

/**
 * "Show in the public menu" on a page's screen (docs/design.md §34): under the top level or an entry that holds others,
 * at a position there. The server applies the menu editor's rules, access (its screen) and audit.
 */
export function PublicMenuPlaceSection({ page }: { page: PageRecord }) {
  const onWebsite = page.homepage === 'Y' && page.activeStatus === 'Y';
  return (
    <section className="app-panel menu-place" aria-labelledby="menu-place-title">
      <h2 className="menu-place__title" id="menu-place-title">
        Show in the public menu
      </h2>
      {onWebsite ? (
        <PlaceLoader page={page} />
      ) : (
        <p className="menu-place__now">
          {page.homepage === 'Y'
            ? 'This page is switched off: switch it on in the list of pages, then put it in the menu here.'
            : 'Only a page that is part of the public website can be in the public menu: tick “Part of the public website” above and save first.'}
        </p>
      )}
    </section>
  );
}

function PlaceLoader({ page }: { page: PageRecord }) {
  const place = usePublicMenuPlace(page.id);
  if (place.isPending) return <LoadingStatus inline label="Loading the public menu…" />;
  if (place.isError) {
    if (place.error instanceof ApiError && place.error.status === 403) {
      return (
        <p className="menu-place__now">
          Only someone who may edit menus (the User Groups screen) can put a page into the public menu. Ask them to
          place this page.
        </p>
      );
    }
    return <LoadFailure inline message={errorMessage(place.error)} onRetry={() => void place.refetch()} />;
  }
  // A fresh form for each place the server reports (after a move the choices start from the new place).
  return <PlaceForm key={JSON.stringify(place.data.placed)} page={page} place={place.data} />;
}

/** The form's values (as its inputs hold them) and what it sends: the position a number, the place's parent an id. */
interface PlaceValues {
  under: string;
  position: string;
}
// The call's own rule for the position (a coerced number: it takes the input's text, as the server takes it).
const PlaceValuesSchema = z.object({ under: z.string(), position: PlacePageSchema.shape.position }) as z.ZodType<
  { under: string; position: number },
  PlaceValues
>;

/** Where the page's entry is now, in words (the form's status line). */
function placedNow(place: PublicMenuPlace): string {
  const { placed } = place;
  if (!placed) return 'Not in the public menu yet: visitors reach it only by its address or a link.';
  const parent = place.entries.find((entry) => entry.id === placed.parentId)?.label ?? '';
  return `In the public menu: ${placed.parentId === null ? 'at the top level' : `under ${parent}`}, position ${placed.position}.`;
}

function PlaceForm({ page, place }: { page: PageRecord; place: PublicMenuPlace }) {
  const placeIn = usePlaceInPublicMenu(page.id);
  const siblingsUnder = (under: string) => {
    const parentId = under === TOP_LEVEL ? null : Number(under);
    return place.entries.filter((entry) => entry.parentId === parentId && entry.pageId !== page.id);
  };
  const start = place.placed?.parentId ? String(place.placed.parentId) : TOP_LEVEL;
  const form = useStaffForm<PlaceValues, { under: string; position: number }>({
    schema: PlaceValuesSchema,
    defaultValues: { under: start, position: String(place.placed?.position ?? siblingsUnder(start).length + 1) },
    submit: async ({ under, position }) => {
      const answer = await placeIn.mutateAsync({ parentId: under === TOP_LEVEL ? null : Number(under), position });
      notify.success(answer.message);
    },
  });
  const siblings = siblingsUnder(useWatch({ control: form.methods.control, name: 'under' }));
  const holders = place.entries.filter((entry) => entry.holdsEntries && entry.pageId !== page.id);

  return (
    <StaffForm form={form} className="menu-place">
      <p className="menu-place__now" role="status">
        {placedNow(place)}
      </p>
      <div className="menu-place__fields">
        <UnderField
          holders={holders}
          // Under another entry, the position starts as its last.
          onChange={(under) => form.methods.setValue('position', String(siblingsUnder(under).length + 1))}
        />
        <PositionField siblings={siblings} />
      </div>
      <RefusalBox message={form.refusal} />
      <div className="app-actions">
        <SubmitButton busy={form.busy} icon={ListPlus}>
          {place.placed ? 'Move in the menu' : 'Put in the menu'}
        </SubmitButton>
      </div>
      <SpecTerm>the Public group’s menu tree (menu2)</SpecTerm>
    </StaffForm>
  );
}

/** Under: the top level, or an entry that holds others (indented by its depth). */
function UnderField({ holders, onChange }: { holders: PublicMenuPlace['entries']; onChange: (under: string) => void }) {
  const { register } = useFormContext<PlaceValues>();
  return (
    <Field id="menu-place-under" label="Under" hint="The top level, or a menu entry that holds other entries.">
      {(control) => (
        <select
          {...control}
          {...register('under', { onChange: (event: { target: { value: string } }) => onChange(event.target.value) })}
          className="field__input"
        >
          <option value={TOP_LEVEL}>Top level</option>
          {holders.map((entry) => (
            <option key={entry.id} value={String(entry.id)}>
              {`${'— '.repeat(entry.depth - 1)}${entry.label}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Position among the entries there, with what 1 and the last mean. */
function PositionField({ siblings }: { siblings: PublicMenuPlace['entries'] }) {
  const { register } = useFormContext<PlaceValues>();
  const problem = useFieldError('position');
  const after =
    siblings.length === 0 ? 'nothing: it is the only entry' : siblings.map((entry) => entry.label).join(', ');
  return (
    <Field
      id="menu-place-position"
      label="Position"
      hint={`1 puts it first; ${siblings.length + 1} puts it last (after ${after}).`}
      error={problem}
    >
      {(control) => (
        <input
          {...control}
          {...register('position')}
          className="field__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
        />
      )}
    </Field>
  );
}
