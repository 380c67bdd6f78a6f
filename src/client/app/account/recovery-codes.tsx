import { useEffect, useId, useRef } from 'react';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { notify } from '../toasts';

/** Copies text, saying whether it worked (the clipboard needs a secure page and the user's permission). */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied.`, 'Copied');
  } catch {
    notify.warning(`${what} could not be copied here: select the text and copy it yourself.`);
  }
}

/** The codes as a text file: what they are, whose, and one code a line. */
export function recoveryCodesText(
  codes: readonly string[],
  account: { username: string; siteName: string },
  now = new Date(),
): string {
  return [
    `Recovery codes for two-step sign-in: user ${account.username} on ${account.siteName}`,
    `Made ${now.toISOString().slice(0, 10)}. Each code works once, in place of a code from your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // After the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * The ten recovery codes, shown once, right after two-step sign-in was turned on (docs/design.md §21): copy them or
 * save them as a file, then Done hides them for good (the server keeps only their hashes).
 */
export function RecoveryCodes({
  codes,
  account,
  onDone,
}: {
  codes: readonly string[];
  account: { username: string; siteName: string };
  onDone: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed went away with the set-up: the codes take the focus.
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(codes, account);
  const fileName = `recovery-codes-${account.username}.txt`.replace(/[^A-Za-z0-9._-]/g, '-');

  return (
    <div className="account-codes">
      <p className="account-status">
        Two-step sign-in: <strong className="account-badge account-badge--on">On</strong>
      </p>
      <h3 className="account-codes__title" id={headingId} ref={heading} tabIndex={-1}>
        Your recovery codes
      </h3>
      <div className="account-warning">
        <TriangleAlert className="account-warning__icon" aria-hidden="true" focusable="false" />
        <p>
          <strong>Save these codes now: they will not be shown again.</strong> If you lose your phone, each code signs
          you in once in place of a code from your app. Keep them somewhere safe, apart from your phone.
        </p>
      </div>
      <ol className="account-codes__list" aria-labelledby={headingId}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="app-actions">
        <button
          type="button"
          className="button button--outline"
          onClick={() => void copyText(codes.join('\n'), 'The recovery codes')}
        >
          <Copy className="button__icon" aria-hidden="true" focusable="false" />
          Copy
        </button>
        <button type="button" className="button button--outline" onClick={() => download(fileName, text)}>
          <Download className="button__icon" aria-hidden="true" focusable="false" />
          Download as text
        </button>
        <button type="button" className="button" onClick={onDone}>
          <Check className="button__icon" aria-hidden="true" focusable="false" />
          Done
        </button>
      </div>
    </div>
  );
}
