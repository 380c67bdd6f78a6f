import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { previewPath } from '../../../core/schemas/revision';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { EditingNotice } from './editing-notice';
import { EntryFormsProvider } from './entry-forms';
import type { HistoryCalls } from './history-calls';
import type { BarPanelName } from './bar-panel';
import { useLocales } from './translation/api';

// History (with its compare view) and Visits (docs/design.md §31) are chunks of their own, loaded when one opens: one
// at a time, under the editor's blocks.
const BarPanel = lazy(() => import('./bar-panel'));
const BAR_PANELS = ['History', 'Visits'] as const;
import { LeaveGuard } from './leave-guard';
import type { EditableDocument, RevisedDocument } from './page-document';
import { PublishControls } from './publish-controls';
import { EditorLayout, type PaneView } from './preview/editor-layout';

// The preview pane is its own chunk (docs/design.md §26): the editor's first screen does not wait for it.
const PreviewPane = lazy(() => import('./preview/preview-pane'));
import { SharePreview } from './share-preview';

// Comments on the fields (docs/design.md §32): their markers and dialog are a chunk of their own, loaded once the form shows.
const CommentsLayer = lazy(() => import('./comments/comments-layer'));

// What a refused save shows (someone else saved in between) is a chunk of its own too, loaded when a save is refused.
const ConflictNotice = lazy(() => import('./conflict-notice'));
export const EDITOR_LEAD =
  'Edit the content below, then publish it, or save it as a draft to preview it first or to schedule it. Until you save, your edits stay in this browser only.';

/** Where View Page goes: the public twin (an Autowired page's opens in a new tab). */
export interface ViewPageLink {
  href: string;
  newTab?: boolean;
}

export interface EditorFrameProps<T extends RevisedDocument> {
  editor: EditableDocument<T>;
  /** The page's routing name (`Home`, `Careers`): its shared previews and who else is editing it (docs/design.md §26). */
  routing: string;
  title: string;
  lead?: ReactNode;
  /** 'Save All' where spec 000 §2 names the button so. */
  saveLabel?: string;
  /** Null: the page has no public twin (View Page is left out). */
  viewPage: ViewPageLink | null;
  /** The page's preview address; by default the preview of View Page's address (`/preview/Home1`), none without it. */
  previewHref?: string | null;
  history: HistoryCalls;
  /** More notices above the editor's blocks (an Autowired page's removed values). */
  notices?: (doc: T) => ReactNode;
  /** The editor's blocks for the working copy; remounted on a reload or discard, which clears entry forms. */
  children: (doc: T) => ReactNode;
  /** A field's name in the editor's words (`skillList.2.skillName` → "Skill 3: the skill name"): the preview's labels. */
  describeField?: (path: string) => string;
  /** The editor's Language choice (docs/design.md §28), first in the action bar; none on a site of one language. */
  language?: ReactNode;
  /** A translation's language (docs/design.md §28): its links and who else is editing are the language's; none for the source. */
  locale?: string;
}

/**
 * The frame of every page editor, the twelve pages' and the Autowired pages' alike: the title, the
 * restored-draft notice and the stale-save banner, the blocks, the History or Visits panel, and a sticky action bar
 * with where the page stands and Save draft, Preview, Save (publishes), Schedule…, View Page, History and Visits.
 * Leaving with unsaved changes asks first; storing the page with an entry typed but not added asks about it.
 */
export function EditorFrame<T extends RevisedDocument>({
  editor,
  routing,
  title,
  lead = EDITOR_LEAD,
  saveLabel = 'Save',
  viewPage,
  previewHref = viewPage ? previewPath(viewPage.href) : null,
  history,
  notices,
  children,
  describeField = pathAsName,
  language,
  locale,
}: EditorFrameProps<T>) {
  const [panel, setPanel] = useState<BarPanelName | null>(null);
  const { doc, reload } = editor;
  const [activeField, setActiveField] = useState<string | null>(null);
  const [view, setView] = useState<PaneView>('form');
  const { toSend, pointTo } = editor;
  const [comments, setComments] = useState<{ path: string | null } | null>(null);
  const [commentCounts, setCommentCounts] = useState<Record<string, number>>({});
  const previewBody = useMemo(() => (doc ? toSend(doc) : null), [doc, toSend]);
  const selectField = useCallback(
    (path: string) => {
      setView('form');
      pointTo(path);
    },
    [pointTo],
  );

  // The Language choice is in the bar from the editor's first frame: arriving later it reflowed the bar and moved Save
  // from under a pointer on its way (docs/design.md §26).
  const locales = useLocales(language !== undefined);
  const waitingForLanguages = language !== undefined && locales.isPending;
  if (editor.status !== 'ready' || doc === null || waitingForLanguages) {
    return (
      <Screen title={title}>
        {editor.status === 'error' ? (
          <LoadFailure inline message={editor.loadError ?? ''} onRetry={editor.retryLoad} />
        ) : (
          <LoadingStatus inline />
        )}
      </Screen>
    );
  }

  return (
    <Screen title={title} lead={lead} wide>
      <EntryFormsProvider held={editor.heldEntries}>
        <EditorLayout
          view={view}
          onViewChange={setView}
          onActiveField={setActiveField}
          pane={(visible) => (
            <Suspense fallback={<p className="preview-pane__note">Loading the preview…</p>}>
              <PreviewPane
                routing={editor.routing}
                locale={locale}
                body={visible ? previewBody : null}
                describeField={describeField}
                activeField={activeField}
                onSelectField={selectField}
                comments={commentCounts}
                onOpenComments={(path) => {
                  setView('form');
                  setComments({ path });
                }}
              />
            </Suspense>
          )}
        >
          {editor.restoredDraft ? (
            <div className="app-notice editor-notice" role="status">
              <p>Unsaved edits from your last visit were restored.</p>
              <div className="app-actions">
                <button type="button" className="button button--outline" onClick={editor.discardDraft}>
                  Discard them
                </button>
              </div>
            </div>
          ) : null}
          {editor.conflict ? (
            <Suspense fallback={null}>
              <ConflictNotice conflict={editor.conflict} reloading={editor.reloading} reload={reload} />
            </Suspense>
          ) : null}
          {notices?.(doc)}
          <div key={editor.generation} className="editor-blocks">
            {children(doc)}
            <Suspense fallback={null}>
              <CommentsLayer
                routing={routing}
                locale={locale}
                describeField={describeField}
                activeField={activeField}
                open={comments}
                onOpen={setComments}
                onCounts={setCommentCounts}
              />
            </Suspense>
          </div>
          {panel ? (
            <Suspense fallback={<LoadingStatus inline />}>
              <BarPanel
                name={panel}
                calls={history}
                currentRevision={editor.revision}
                dirty={editor.dirty}
                onRestored={reload}
                routing={routing}
                locale={locale}
                onClose={() => setPanel(null)}
              />
            </Suspense>
          ) : null}
          <div className="editor-actions" role="region" aria-label="Save and publish">
            {/* Attached to the bar's top edge, over the form: a notice that comes moves nothing under a pointer. */}
            <EditingNotice routing={routing} locale={locale} />
            {language}
            <PublishControls editor={editor} saveLabel={saveLabel} previewHref={previewHref}>
              {viewPage ? <ViewPageButton link={viewPage} /> : null}
              {BAR_PANELS.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="button button--outline"
                  aria-expanded={panel === name}
                  onClick={() => setPanel(panel === name ? null : name)}
                >
                  {name}
                </button>
              ))}
              <CommentsButton onOpen={setComments} />
              <SharePreview routing={routing} locale={locale} />
            </PublishControls>
          </div>
        </EditorLayout>
        {/* An entry typed but not added is an unsaved edit too (docs/design.md §34): kept in this browser, and leaving asks. */}
        <LeaveGuard active={editor.dirty || editor.holdsEntries} />
        {editor.confirmDialog}
      </EntryFormsProvider>
    </Screen>
  );
}

/** Comments: the page's comments, every field's (docs/design.md §32), in a dialog of the comments' chunk. */
function CommentsButton({ onOpen }: { onOpen: (open: { path: null }) => void }) {
  return (
    <button
      type="button"
      className="button button--outline"
      aria-haspopup="dialog"
      onClick={() => onOpen({ path: null })}
    >
      Comments
    </button>
  );
}

/** View Page: a link to the page's public twin, in a new tab for an Autowired page (and it says so). */
function ViewPageButton({ link }: { link: ViewPageLink }) {
  return link.newTab ? (
    <a className="button button--outline" href={link.href} target="_blank" rel="noopener">
      View Page<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a className="button button--outline" href={link.href}>
      View Page
    </a>
  );
}

const pathAsName = (path: string) => path;
