import type { CheckFinding } from '../../../preview/protocol';

const SEVERITY_ORDER: Record<CheckFinding['severity'], number> = { problem: 0, advice: 1, info: 2 };
const SEVERITY_WORDS: Record<CheckFinding['severity'], string> = {
  problem: 'Problem',
  advice: 'Advice',
  info: 'Figure',
};

export interface ChecksPanelProps {
  /** Null while the checks run. */
  findings: CheckFinding[] | null;
  describeField: (path: string) => string;
  onSelectField: (path: string) => void;
  onRerun: () => void;
}

/**
 * The checks of the page as the preview shows it (docs/design.md §26): what axe-core finds against WCAG 2 A and AA, and
 * the content checks, problems first; a finding about a field names it, and a click takes the editor there.
 * The findings come from the preview's frame, where the checks run on the rendered page.
 */
export default function ChecksPanel({ findings, describeField, onSelectField, onRerun }: ChecksPanelProps) {
  const sorted = findings
    ? [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
    : null;
  const problems = sorted?.filter((finding) => finding.severity !== 'info').length ?? 0;
  return (
    <section className="checks-panel" aria-labelledby="checks-panel-title">
      <div className="checks-panel__head">
        <h2 className="checks-panel__title" id="checks-panel-title">
          Checks
        </h2>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={onRerun}
          disabled={sorted === null}
        >
          Check again
        </button>
      </div>
      <p className="checks-panel__summary" role="status">
        {sorted === null
          ? 'Checking the page…'
          : problems === 0
            ? 'Nothing for visitors to trip on.'
            : `${problems} ${problems === 1 ? 'thing' : 'things'} to look at.`}
      </p>
      {sorted && sorted.length > 0 ? (
        <ul className="checks-panel__list">
          {sorted.map((finding, index) => (
            <li key={index} className={`check-finding check-finding--${finding.severity}`}>
              <span className="check-finding__severity">{SEVERITY_WORDS[finding.severity]}</span>
              <span className="check-finding__message">{finding.message}</span>
              {finding.field ? (
                <button
                  type="button"
                  className="link-button check-finding__field"
                  onClick={() => onSelectField(finding.field!)}
                >
                  Go to {describeField(finding.field)}
                </button>
              ) : null}
              {finding.helpUrl ? (
                <a className="check-finding__help" href={finding.helpUrl} target="_blank" rel="noopener noreferrer">
                  How to fix it<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
