import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { BackToHomeLink, LoadingStatus, Screen } from '../../components/screen';
import { formatDateTime } from '../../lib/date-time';
import { BACKUP_PATH, RECENT_BACKUPS_KEY, useRecentBackups } from './api';
import '../../../styles/backups.css';

const SHELL_COMMANDS: ReadonlyArray<{ title: string; command: string; note: string }> = [
  {
    title: 'Every night',
    command: '0 3 * * * cd /srv/folio && ./folio backup /var/backups/folio/folio-$(date +\\%F).jsonl.gz',
    note: 'A cron line on the server: one file a day, every tenant. Copy the files off the machine.',
  },
  {
    title: 'Restore',
    command: './folio restore <file>',
    note: 'Into an empty database; add --replace to replace one that holds data, with the server stopped.',
  },
  {
    title: 'Move to PostgreSQL',
    command: 'DATABASE_URL=postgres://… ./folio restore <file>',
    note: 'Take a backup on SQLite, then restore it with DATABASE_URL set.',
  },
  {
    title: 'Test a restore',
    command: './folio restore --check <file>',
    note: 'Once a month: checks a file whole without writing; then restore it into a spare database and look at the site.',
  },
];

/**
 * backups (Administrators, docs/design.md §22): download a backup of this site now, see who took the last ones, and
 * the shell's commands for nightly backups and restores.
 */
export default function BackupsScreen() {
  const queryClient = useQueryClient();
  const recent = useRecentBackups();
  // The download starts in the browser; the server records it as it starts: look again shortly after.
  const onDownload = () => {
    window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: RECENT_BACKUPS_KEY }), 1500);
  };
  return (
    <Screen
      title="Backups"
      lead="One file with the whole site: keep it safe, and keep more than one."
      actions={
        <div className="screen-actions">
          <BackToHomeLink />
        </div>
      }
    >
      <section className="app-panel backups-section" aria-labelledby="backups-now">
        <h2 id="backups-now">Download a backup</h2>
        <p>
          A backup holds this site whole: its pages with every revision, images, users, groups and menus, page
          definitions, master data, company details, enquiries and the audit log, in one compressed file that{' '}
          <code>./folio restore</code> puts back on SQLite or PostgreSQL.
        </p>
        <p className="backups-warning">
          It contains password hashes and personal data: store it where only the people who run the site can read it.
        </p>
        <p className="app-actions">
          <a className="button" href={BACKUP_PATH} download onClick={onDownload}>
            <Download className="button__icon" aria-hidden="true" focusable="false" />
            Download a backup now
          </a>
        </p>
        <p className="field__hint">
          A large site takes a few seconds before the download starts. The site stays open meanwhile.
        </p>
      </section>

      {recent.data === null ? null : (
        <section className="app-panel backups-section" aria-labelledby="backups-recent">
          <h2 id="backups-recent">Recent backups</h2>
          {recent.isPending ? (
            <LoadingStatus />
          ) : recent.isError ? (
            <p role="alert">The list of recent backups could not be loaded. Reload the page to try again.</p>
          ) : recent.data.length === 0 ? (
            <p>No backup has been downloaded here yet.</p>
          ) : (
            <ul className="backups-recent">
              {recent.data.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  <span>
                    {entry.action === 'backup.restore' ? 'Restored' : 'Downloaded'} by {entry.userName ?? 'unknown'}
                  </span>
                  <code>{entry.targetId}</code>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="app-panel backups-section" aria-labelledby="backups-shell">
        <h2 id="backups-shell">From the server&apos;s shell</h2>
        <p>On the server, in Folio&apos;s folder (docs/operations.md, “Backups”, says more):</p>
        <dl className="backups-commands">
          {SHELL_COMMANDS.map(({ title, command, note }) => (
            <div key={title}>
              <dt>{title}</dt>
              <dd>
                <code>{command}</code>
                <span>{note}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </Screen>
  );
}
