import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A record's id as an address gives it: a whole number from 1 up, else none. */
export function recordIdOf(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * A link that opens one record of a list screen (`/enquiries?open=42`, `/commonMaster?edit=9`: what the
 * dashboard and the top-bar search link to, `searchHref` in core/schemas/search.ts). `id` is the record the
 * address names; `clear` takes the parameter out of the address in place (replace), so that once the record's
 * dialog or panel closes, Back does not open it again.
 */
export function useRecordLink(param: string) {
  const [params, setParams] = useSearchParams();
  const id = recordIdOf(params.get(param));
  const present = params.has(param);
  const clear = useCallback(() => {
    if (!present) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [present, param, setParams]);
  return { id, present, clear };
}
