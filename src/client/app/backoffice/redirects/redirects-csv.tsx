import { useId } from 'react';
import { Download, Upload } from 'lucide-react';
import type { RedirectImport } from '../../../../core/schemas/redirect';
import { RefusalBox, StaffForm, SubmitButton } from '../../components/staff-form';
import { FileField, useFileImport } from '../../components/use-file-import';
import { REDIRECTS_CSV_PATH, useImportRedirects } from './api';

/** "3 imported", and how many rows were not. */
export function importSummary({ imported, errors }: RedirectImport): string {
  const refused =
    errors.length === 0 ? '' : `; ${errors.length} ${errors.length === 1 ? 'row was' : 'rows were'} not (below)`;
  return `${imported} imported${refused}.`;
}

/**
 * Export CSV (a plain link: the browser downloads the file with the session cookie) and Import CSV: a file whose
 * good rows are saved and whose bad rows are listed by line with the server's reason ("Line 4: …").
 */
export function RedirectsCsv() {
  const headingId = useId();
  const fileId = useId();
  const importCsv = useImportRedirects();
  const { form, answer } = useFileImport(importCsv.mutateAsync, 'Choose a CSV file to import.');

  return (
    <section className="app-panel redirects-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Export and import</h2>
      <p>
        A CSV file with the columns <code>from</code>, <code>to</code> and <code>status</code> (301 or 302), one
        redirect a line: for a spreadsheet, or to bring the redirects of an old site.
      </p>
      <p className="app-actions">
        <a className="button button--outline" href={REDIRECTS_CSV_PATH} download>
          <Download className="button__icon" aria-hidden="true" focusable="false" />
          Export CSV
        </a>
      </p>
      <StaffForm form={form} className="app-form redirects-import">
        <FileField
          id={fileId}
          label="CSV file to import"
          hint="Its first line is the header from,to,status, as Export CSV writes it. A redirect from an address already redirected replaces that one."
          accept=".csv,text/csv"
        />
        <div className="app-actions">
          <SubmitButton busy={form.busy} icon={Upload}>
            Import CSV
          </SubmitButton>
        </div>
      </StaffForm>
      {/* Always there, so that what it comes to say is read out. */}
      <div className="redirects-import__outcome" role="status">
        {answer ? (
          <>
            <p className="redirects-import__summary">{importSummary(answer)}</p>
            {answer.errors.length > 0 ? (
              <ul className="redirects-import__errors" aria-label="Rows not imported">
                {answer.errors.map((row) => (
                  <li key={row.line}>
                    Line {row.line}: {row.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      <RefusalBox message={form.refusal} />
    </section>
  );
}
