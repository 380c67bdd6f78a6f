import { useId } from 'react';
import { Field } from '../../../components/field';
import { useLivePages } from './api';

/**
 * In the question before a page made without code is deactivated: "Send its visitors to another page", a
 * choice of the live pages, none by default (its address then answers 404). `onChoose` gets the chosen page's
 * address ('' for none) as it changes; the caller reads it once the question is answered.
 */
export function RedirectOffer({ from, onChoose }: { from: string; onChoose: (to: string) => void }) {
  const id = useId();
  const live = useLivePages();
  const choices = (live.data ?? []).filter((page) => page.path !== from);
  const hint = live.isPending
    ? 'Loading the pages…'
    : live.isError
      ? 'The pages could not be loaded. Deactivate without sending its visitors on, then add a redirect on the Redirects screen.'
      : `Optional: ${from} then sends its visitors there for good (301) instead of answering “Page not found”.`;
  return (
    <Field id={id} label="Send its visitors to another page" hint={hint}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          defaultValue=""
          onChange={(event) => onChoose(event.target.value)}
        >
          <option value="">No, {from} answers “Page not found”</option>
          {choices.map((page) => (
            <option key={page.path} value={page.path}>
              {page.name} ({page.path})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
