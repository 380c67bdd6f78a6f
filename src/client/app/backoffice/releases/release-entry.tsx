import { useId } from 'react';
import { CalendarClock, CalendarX, OctagonAlert, Pencil, RefreshCw, Rocket, Trash2, Undo2 } from 'lucide-react';
import type { Release, ReleaseItem } from '../../../../core/schemas/release';
import { inLanguage } from '../reviews/review-words';
import { isChanged, pageKey, pageName, STATUS_LABELS, statusSentence } from './release-words';

/** What a release's buttons do; each is offered only where its status allows it. */
export type ReleaseAction = 'publish' | 'schedule' | 'move' | 'unschedule' | 'edit' | 'delete' | 'revert';

const ACTIONS: Record<Release['status'], readonly ReleaseAction[]> = {
  open: ['publish', 'schedule', 'edit', 'delete'],
  failed: ['publish', 'schedule', 'edit', 'delete'],
  scheduled: ['publish', 'move', 'unschedule'],
  published: ['revert'],
  reverted: ['delete'],
};

const BUTTONS: Record<ReleaseAction, { label: string; icon: typeof Rocket; look: string }> = {
  publish: { label: 'Publish now…', icon: Rocket, look: 'button' },
  schedule: { label: 'Schedule…', icon: CalendarClock, look: 'button button--outline' },
  move: { label: 'Move…', icon: CalendarClock, look: 'button button--outline' },
  unschedule: { label: 'Cancel schedule', icon: CalendarX, look: 'button button--outline' },
  edit: { label: 'Edit', icon: Pencil, look: 'button button--outline' },
  delete: { label: 'Delete', icon: Trash2, look: 'button button--outline button--danger' },
  revert: { label: 'Revert…', icon: Undo2, look: 'button button--outline button--danger' },
};

/** What the screen says on a release: the server's sentence of a refusal, and the page it named. */
export interface ReleaseProblem {
  id: number;
  message: string;
  page: string | null;
}

/** One page of a release: its language, its revision, and whether it changed since it was added. */
function ReleasePage({
  item,
  release,
  named,
  busy,
  onUseNewest,
}: {
  item: ReleaseItem;
  release: Release;
  named: boolean;
  busy: boolean;
  onUseNewest: () => void;
}) {
  const changed =
    isChanged(item) && (release.status === 'open' || release.status === 'failed' || release.status === 'scheduled');
  const editable = release.status === 'open' || release.status === 'failed';
  return (
    <li className={`release-page${changed ? ' release-page--changed' : ''}${named ? ' release-page--named' : ''}`}>
      <span className="release-page__name">
        {item.title}
        {item.locale === null ? null : <span className="release-page__language">{inLanguage(item.locale)}</span>}
      </span>
      <span className="release-page__revision">
        Revision {item.revision}
        {release.status === 'published' || release.status === 'reverted'
          ? item.previous === null
            ? ', new on the site'
            : `, replacing ${item.previous}`
          : ''}
      </span>
      {named ? <span className="release-named">Named in the refusal above</span> : null}
      {changed ? (
        <span className="release-page__changed">
          <OctagonAlert className="release-page__icon" aria-hidden="true" focusable="false" />
          Changed since added: the newest is revision {item.newest}.
          {editable ? (
            <button
              type="button"
              className="button button--outline button--small"
              aria-busy={busy || undefined}
              onClick={() => !busy && onUseNewest()}
            >
              <RefreshCw className="button__icon" aria-hidden="true" focusable="false" />
              Use newest<span className="visually-hidden"> revision of {pageName(item)}</span>
            </button>
          ) : (
            ' Cancel the schedule to use it.'
          )}
        </span>
      ) : null}
    </li>
  );
}

/** A release in the list: its name and status, when, its pages, what the server last refused, and its actions. */
export function ReleaseEntry({
  release,
  problem,
  busy,
  onAction,
  onUseNewest,
}: {
  release: Release;
  problem: ReleaseProblem | null;
  busy: boolean;
  onAction: (action: ReleaseAction) => void;
  onUseNewest: (item: ReleaseItem) => void;
}) {
  const headingId = useId();
  return (
    <li className={`app-panel release release--${release.status}`}>
      <div className="release__head">
        <h2 className="release__name" id={headingId}>
          {release.name}
        </h2>
        <span className={`status-badge release__status release__status--${release.status}`}>
          {STATUS_LABELS[release.status]}
        </span>
      </div>
      <p className="release__when">
        {statusSentence(release)} Made by {release.createdBy}.
      </p>
      {problem ? (
        <div className="refusal-box refusal-box--strong release__problem" role="alert">
          <p>{problem.message}</p>
        </div>
      ) : null}
      <h3 className="visually-hidden">Pages of {release.name}</h3>
      <ul className="release__pages">
        {release.items.map((item) => (
          <ReleasePage
            key={pageKey(item)}
            item={item}
            release={release}
            named={problem?.page === pageKey(item)}
            busy={busy}
            onUseNewest={() => onUseNewest(item)}
          />
        ))}
      </ul>
      <div className="app-actions release__actions">
        {ACTIONS[release.status].map((action) => {
          const { label, icon: Icon, look } = BUTTONS[action];
          return (
            <button
              key={action}
              type="button"
              className={look}
              aria-busy={busy || undefined}
              onClick={() => !busy && onAction(action)}
            >
              <Icon className="button__icon" aria-hidden="true" focusable="false" />
              {label}
              <span className="visually-hidden"> {release.name}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
}
