import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EDITING_EVERY_MS, editingNotice } from '../../../core/schemas/preview-share';
import { readCookie } from '../../lib/http';
import { api, apiUrl } from '../lib/api';
import '../../styles/preview-share.css';
import { leaveEditing, noteEditing } from '../../../core/api/presence';

/** The page's editor open in a language: the source's without one, a translation's with its code (docs/design.md §28). */
const inLanguage = (routing: string, locale?: string) => ({ params: { routing }, query: locale ? { locale } : {} });

/**
 * Says the editor has closed. A plain fetch with `keepalive`, so that it is still sent when the tab closes (the
 * API's client cannot ask for that; sendBeacon cannot send the CSRF header the API needs).
 */
function sayLeft(routing: string, locale?: string): void {
  const xsrf = readCookie('XSRF-TOKEN');
  void fetch(apiUrl(leaveEditing, inLanguage(routing, locale)), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
    },
    body: '{}',
  }).catch(() => {});
}

/**
 * While a page's editor is open, tells the server so (docs/design.md §26): at once, every 20 s, and whenever the tab is
 * shown again; says it has closed when the editor goes (another screen, the tab closed). Answers the names of
 * the other users who have the page's editor open in the same language (a translation's `locale`, else the source).
 */
export function useOthersEditing(routing: string, locale?: string): string[] {
  const query = useQuery({
    queryKey: ['editing', routing, locale ?? ''],
    queryFn: () => api(noteEditing, { ...inLanguage(routing, locale), body: {} }),
    refetchInterval: EDITING_EVERY_MS,
    // A tab in the background still holds an open editor, whose saves would meet another's.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
  const { refetch } = query;

  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    // Back from the back-forward cache: the leave said on pagehide is undone.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) void refetch();
    };
    const closing = () => sayLeft(routing, locale);
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('pageshow', back);
    window.addEventListener('pagehide', closing);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('pageshow', back);
      window.removeEventListener('pagehide', closing);
      sayLeft(routing, locale);
    };
  }, [routing, locale, refetch]);

  return query.data?.others.map((other) => other.name) ?? [];
}

/**
 * "Asha is editing this page too." while another user has the page's editor open in the same language; empty
 * otherwise. The status region is always there (empty, it takes no room), so that a screen reader announces the
 * words when they come.
 */
export function EditingNotice({ routing, locale }: { routing: string; locale?: string | undefined }) {
  const notice = editingNotice(useOthersEditing(routing, locale));
  return (
    <p role="status" className="editing-notice">
      {notice}
    </p>
  );
}
