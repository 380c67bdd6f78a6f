import { useId, type RefObject } from 'react';
import type { ReleaseItem } from '../../../../core/schemas/release';
import { findingsToShow, problemsOf, needsAcknowledgement, type CheckFrame, type PageCheck } from './release-checks';
import { pageKey, pageName } from './release-words';
// The findings look as in the editor's checks panel (preview-pane.css); the pages' results as in a release.
import '../../../styles/preview-pane.css';
import '../../../styles/releases.css';

const SEVERITY_WORDS = { problem: 'Problem', advice: 'Advice', info: 'Figure' } as const;

/** A page's result in words: what its checks found, or that they are on their way. */
function resultWords(check: PageCheck | undefined): string {
  if (!check || check.kind === 'waiting') return 'Waiting to be checked.';
  if (check.kind === 'running') return 'Checking…';
  if (check.kind === 'failed') return check.reason;
  const problems = problemsOf(check.findings).length;
  const advice = findingsToShow(check.findings).length - problems;
  if (problems === 0 && advice === 0) return 'No problems found.';
  const said = [
    problems > 0 ? `${problems} ${problems === 1 ? 'problem' : 'problems'}` : '',
    advice > 0 ? `${advice} ${advice === 1 ? 'piece' : 'pieces'} of advice` : '',
  ].filter(Boolean);
  return `${said.join(' and ')} found.`;
}

/** The acknowledgement's words: "Publish anyway: I have seen the 2 problems on About in German (de)". */
export function acknowledgementWords(item: ReleaseItem, check: PageCheck | undefined): string {
  if (check?.kind === 'done') {
    const count = problemsOf(check.findings).length;
    return `Publish anyway: I have seen the ${count} ${count === 1 ? 'problem' : 'problems'} on ${pageName(item)}`;
  }
  return `Publish anyway: ${pageName(item)} could not be checked`;
}

/** One page of the release in the dialog: its result, its findings (folded), its acknowledgement if it needs one. */
function PageResult({
  item,
  check,
  named,
  acknowledged,
  onAcknowledge,
}: {
  item: ReleaseItem;
  check: PageCheck | undefined;
  named: boolean;
  acknowledged: boolean;
  /** Absent: nothing is to be acknowledged here (a review's checks are read, not signed). */
  onAcknowledge: ((yes: boolean) => void) | undefined;
}) {
  const boxId = useId();
  const shown = check?.kind === 'done' ? findingsToShow(check.findings) : [];
  const state = check?.kind === 'done' ? (problemsOf(check.findings).length > 0 ? 'problems' : 'clear') : check?.kind;
  return (
    <li className={`release-check release-check--${state ?? 'waiting'}${named ? ' release-check--named' : ''}`}>
      <p className="release-check__page">
        <strong>{pageName(item)}</strong>, revision {item.revision}
        {named ? <span className="release-named"> (named in the refusal)</span> : null}
      </p>
      <p className="release-check__result">{resultWords(check)}</p>
      {shown.length > 0 ? (
        <details className="release-check__details">
          <summary>
            Show the {shown.length} {shown.length === 1 ? 'finding' : 'findings'}
            <span className="visually-hidden"> on {pageName(item)}</span>
          </summary>
          <ul className="release-check__findings">
            {shown.map((finding, index) => (
              <li key={index} className={`check-finding check-finding--${finding.severity}`}>
                <span className="check-finding__severity">{SEVERITY_WORDS[finding.severity]}</span>{' '}
                <span className="check-finding__message">{finding.message}</span>
                {finding.helpUrl ? (
                  <>
                    {' '}
                    <a className="check-finding__help" href={finding.helpUrl} target="_blank" rel="noopener noreferrer">
                      How to fix it<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {onAcknowledge && needsAcknowledgement(check) ? (
        <div className="release-check__acknowledge">
          <input
            id={boxId}
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => onAcknowledge(event.target.checked)}
          />
          <label htmlFor={boxId}>{acknowledgementWords(item, check)}</label>
        </div>
      ) : null}
    </li>
  );
}

/** The checks of each page of the release, in the publish dialog. */
export function ReleaseChecksList({
  items,
  checks,
  named,
  acknowledged,
  onAcknowledge,
}: {
  items: readonly ReleaseItem[];
  checks: ReadonlyMap<string, PageCheck>;
  /** The page a refusal named, if any. */
  named: string | null;
  acknowledged: ReadonlySet<string>;
  /** Absent: the findings are shown without the acknowledgements (the Reviews screen). */
  onAcknowledge?: (key: string, yes: boolean) => void;
}) {
  return (
    <ul className="release-checks">
      {items.map((item) => {
        const key = pageKey(item);
        return (
          <PageResult
            key={key}
            item={item}
            check={checks.get(key)}
            named={named === key}
            acknowledged={acknowledged.has(key)}
            onAcknowledge={onAcknowledge && ((yes) => onAcknowledge(key, yes))}
          />
        );
      })}
    </ul>
  );
}

/** The hidden, sandboxed frame the checks run in, one page at a time (release-checks.ts). */
export function ChecksFrame({
  frame,
  frameRef,
}: {
  frame: CheckFrame | null;
  frameRef: RefObject<HTMLIFrameElement | null>;
}) {
  return frame ? (
    <iframe
      key={frame.serial}
      ref={frameRef}
      className="release-dialog__frame"
      title="Page being checked"
      sandbox="allow-scripts"
      srcDoc={frame.html}
      tabIndex={-1}
      aria-hidden="true"
      data-page={frame.key}
    />
  ) : null;
}
