import { useState, type FormEvent } from 'react';
import { ListPlus } from 'lucide-react';
import type { PageRecord } from '../../../../core/page-defs/page-definition';
import type { PublicMenuPlace } from '../../../../core/page-defs/public-menu';
import { ApiError, errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { LoadFailure, LoadingStatus } from '../../components/screen';
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

function PlaceForm({ page, place }: { page: PageRecord; place: PublicMenuPlace }) {
  const placeIn = usePlaceInPublicMenu(page.id);
  const [under, setUnder] = useState(place.placed?.parentId ? String(place.placed.parentId) : TOP_LEVEL);
  const parentId = under === TOP_LEVEL ? null : Number(under);
  const siblings = place.entries.filter((entry) => entry.parentId === parentId && entry.pageId !== page.id);
  const [position, setPosition] = useState(String(place.placed?.position ?? siblings.length + 1));
  const [problem, setProblem] = useState<string | null>(null);
  const labelOf = (id: number | null) =>
    id === null ? 'the top level' : (place.entries.find((entry) => entry.id === id)?.label ?? '');
  const holders = place.entries.filter((entry) => entry.holdsEntries && entry.pageId !== page.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const at = Number(position);
    if (!Number.isInteger(at) || at < 1 || at > 1000) {
      setProblem('Enter a position from 1 to 1000.');
      return;
    }
    setProblem(null);
    try {
      const answer = await placeIn.mutateAsync({ parentId, position: at });
      notify.success(answer.message);
    } catch (error) {
      const sentence = errorMessage(error);
      setProblem(sentence);
      notify.error(sentence);
    }
  };

  return (
    <form className="menu-place" noValidate onSubmit={(event) => void submit(event)}>
      <p className="menu-place__now" role="status">
        {place.placed
          ? `In the public menu: ${place.placed.parentId === null ? 'at the top level' : `under ${labelOf(place.placed.parentId)}`}, position ${place.placed.position}.`
          : 'Not in the public menu yet: visitors reach it only by its address or a link.'}
      </p>
      <div className="menu-place__fields">
        <Field id="menu-place-under" label="Under" hint="The top level, or a menu entry that holds other entries.">
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={under}
              onChange={(event) => {
                setUnder(event.target.value);
                const next = event.target.value === TOP_LEVEL ? null : Number(event.target.value);
                setPosition(
                  String(
                    place.entries.filter((entry) => entry.parentId === next && entry.pageId !== page.id).length + 1,
                  ),
                );
              }}
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
        <Field
          id="menu-place-position"
          label="Position"
          hint={`1 puts it first; ${siblings.length + 1} puts it last (after ${siblings.length === 0 ? 'nothing: it is the only entry' : siblings.map((entry) => entry.label).join(', ')}).`}
          error={problem ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              value={position}
              onChange={(event) => setPosition(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="app-actions">
        <button
          type="submit"
          className="button"
          disabled={placeIn.isPending}
          aria-busy={placeIn.isPending || undefined}
        >
          <ListPlus className="button__icon" aria-hidden="true" focusable="false" />
          {place.placed ? 'Move in the menu' : 'Put in the menu'}
        </button>
      </div>
      <SpecTerm>the Public group’s menu tree (menu2)</SpecTerm>
    </form>
  );
}
