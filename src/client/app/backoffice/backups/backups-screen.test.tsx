// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntryRow } from '../../../../core/schemas/audit';
import { click, until, withFakeMasterApi, withTestRoot } from '../../test-support/dom';
import BackupsScreen from './backups-screen';

/**
 * The backups screen against a stand-in for getauditlog: the download is a plain link the browser saves (never
 * fetched here), the recent backups are the audit log's backup entries, hidden when the caller may not read the
 * audit log, and looked for again shortly after a download starts.
 */

const dom = withTestRoot();
const calls = withFakeMasterApi(answer);

let entries: AuditEntryRow[];
let listStatus: number;

const download = (id: number, userName = 'admin'): AuditEntryRow => {
  const at = new Date(Date.UTC(2026, 10, 25, 3) - (100 - id) * 86_400_000).toISOString();
  const file = `folio-backup-default-${at.slice(0, 10)}-030000.jsonl.gz`;
  return {
    id,
    at,
    tenant: 'default',
    userName,
    ip: '127.0.0.1',
    action: 'backup.download',
    targetType: 'backup',
    targetId: file,
    summary: `Downloaded a backup of the site (${file})`,
    details: {},
  };
};

function answer(call: string): { status: number; data: unknown } | undefined {
  if (call !== 'getauditlog') return undefined;
  if (listStatus === 403) return { status: 403, data: { message: 'Your menu does not include this screen.' } };
  if (listStatus !== 200) return { status: listStatus, data: { message: 'The audit log could not be read.' } };
  return { status: 200, data: { items: entries.slice(0, 20), totalItems: entries.length } };
}

// The link's own click would ask jsdom to navigate: the browser's part (saving the file) is the e2e test's.
const keepPage = (event: MouseEvent) => event.preventDefault();
beforeEach(() => {
  entries = [download(99, 'asha'), download(98)];
  listStatus = 200;
  document.addEventListener('click', keepPage);
});
afterEach(() => document.removeEventListener('click', keepPage));

const region = (name: string) =>
  [...dom.container.querySelectorAll('section')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const recentItems = () => [...(region('Recent backups')?.querySelectorAll('li') ?? [])];
const listCalls = () => calls.filter((c) => c.call === 'getauditlog');
const downloadLink = () =>
  [...dom.container.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Download a backup now');

describe('the backups screen', () => {
  it('offers the download as a plain link the browser saves, and the shell commands', async () => {
    dom.renderScreen(<BackupsScreen />);
    await until(() => recentItems().length === 2, 'the two recent backups');
    expect(document.title).toBe('Backups – Folio');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Backups');
    const link = downloadLink()!;
    expect(link.getAttribute('href')).toBe('/api/master/backup');
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.className).toBe('button');
    expect(region('Download a backup')?.textContent).toMatch(/password hashes and personal data/);
    const commands = [...(region("From the server's shell")?.querySelectorAll('code') ?? [])].map(
      (code) => code.textContent,
    );
    expect(commands).toEqual([
      '0 3 * * * cd /srv/folio && ./folio backup /var/backups/folio/folio-$(date +\\%F).jsonl.gz',
      './folio restore <file>',
      'DATABASE_URL=postgres://… ./folio restore <file>',
      './folio restore --check <file>',
    ]);
  });

  it('lists the last ten backups from the audit log: when, who and the file', async () => {
    entries = Array.from({ length: 14 }, (_, index) => download(99 - index, index === 0 ? 'asha' : 'admin'));
    dom.renderScreen(<BackupsScreen />);
    await until(() => recentItems().length === 10, 'ten recent backups');
    expect(listCalls().map((c) => c.body)).toEqual([{ pageno: 1, action: 'backup' }]);
    const first = recentItems()[0]!;
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe(entries[0]!.at);
    expect(first.textContent).toContain('Downloaded by asha');
    expect(first.querySelector('code')?.textContent).toBe(entries[0]!.targetId);
  });

  it('says so when no backup was taken yet', async () => {
    entries = [];
    dom.renderScreen(<BackupsScreen />);
    await until(
      () => region('Recent backups')?.textContent?.includes('No backup has been downloaded here yet.'),
      'the empty list',
    );
  });

  it('shows no recent backups, and no error, to someone who may not read the audit log', async () => {
    listStatus = 403;
    dom.renderScreen(<BackupsScreen />);
    await until(() => listCalls().length === 1 && !region('Recent backups'), 'the list hidden');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(region('Recent backups')).toBeUndefined();
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
    expect(downloadLink()).toBeDefined();
  });

  it('says the list could not be loaded when the audit log fails otherwise', async () => {
    listStatus = 500;
    dom.renderScreen(<BackupsScreen />);
    const alert = await until(() => region('Recent backups')?.querySelector('[role="alert"]'), 'the failure');
    expect(alert.textContent).toBe('The list of recent backups could not be loaded. Reload the page to try again.');
  });

  it('looks at the list again shortly after a download starts, and shows the new one', async () => {
    dom.renderScreen(<BackupsScreen />);
    await until(() => recentItems().length === 2, 'the two recent backups');
    await click(downloadLink()!);
    // The server records the download as it starts streaming: then the list is asked again.
    entries = [download(100), ...entries];
    expect(listCalls()).toHaveLength(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1700));
    });
    await until(() => recentItems().length === 3, 'the new backup listed');
    expect(listCalls()).toHaveLength(2);
    expect(recentItems()[0]?.querySelector('code')?.textContent).toBe(entries[0]!.targetId);
  });
});
