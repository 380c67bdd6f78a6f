import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EDITING_EVERY_MS, editingNotice, type EditingOthers } from '../../../core/schemas/preview-share';
import { readCookie } from '../../lib/http';
import { api } from '../lib/api';
import '../../styles/preview-share.css';

const editingPath = (routing: string) => `/api/master/editing/${encodeURIComponent(routing)}`;

/**
 * Says the editor has closed. A plain fetch with `keepalive`, so that it is still sent when the tab closes (the
 * API's client cannot ask for that; sendBeacon cannot send the CSRF header the API needs).
 */
function sayLeft(routing: string): void {
  const xsrf = readCookie('XSRF-TOKEN');
  void fetch(`${editingPath(routing)}/leave`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
    body: '{}',
  }).catch(() => {});
}

/**
 * While a page's editor is open, tells the server so (DESIGN §26): at once, every 20 s, and whenever the tab is
 * shown again; says it has closed when the editor goes (another screen, the tab closed). Answers the names of
 * the other users who have the page's editor open.
 */
export function useOthersEditing(routing: string): string[] {
  const query = useQuery({
    queryKey: ['editing', routing],
    queryFn: () => api<EditingOthers>(editingPath(routing), {}),
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
    const closing = () => sayLeft(routing);
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('pageshow', back);
    window.addEventListener('pagehide', closing);
    return () => {
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('pageshow', back);
      window.removeEventListener('pagehide', closing);
      sayLeft(routing);
    };
  }, [routing, refetch]);

  return query.data?.others.map((other) => other.name) ?? [];
}

/**
 * "Asha is editing this page too." while another user has the page's editor open; empty otherwise. The status
 * region is always there (empty, it takes no room), so that a screen reader announces the words when they come.
 */
export function EditingNotice({ routing }: { routing: string }) {
  const notice = editingNotice(useOthersEditing(routing));
  return (
    <p role="status" className="editing-notice">
      {notice}
    </p>
  );
}
