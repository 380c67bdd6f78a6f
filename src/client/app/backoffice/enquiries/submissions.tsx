import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Download, Eye } from 'lucide-react';
import * as formsApi from '../../../../core/api/forms';
import * as submissionsApi from '../../../../core/api/submissions';
import { FormListSchema } from '../../../../core/schemas/forms';
import {
  SPAM_REASON_LABELS,
  SubmissionListSchema,
  SubmissionSchema,
  type SubmissionStatus,
} from '../../../../core/schemas/submissions';
import { api, apiUrl, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { DataTable, type DataColumn } from '../../components/data-table';
import { IconButton } from '../../components/icon-button';
import { BackToHomeLink, Screen } from '../../components/screen';
import { ToolbarSelect } from '../../components/search-toolbar';
import { notify } from '../../toasts';

/**
 * The one inbox (docs/design.md §30): the enquiries screen's Form filter names the contact form (its enquiries, as the
 * spec has them) or a form made without code, whose submissions show here by status (Inbox, Spam with each one's
 * reason, Handled), newest first; one opens below the list with its values by label and its files to download, and
 * moves to another status ("Not spam" sends its mail then). The CSV holds the form's every submission.
 */

const KEY = ['submissions'] as const;
const STATUS_LABELS: Record<SubmissionStatus, string> = { inbox: 'Inbox', spam: 'Spam', handled: 'Handled' };

/** The forms the Form filter offers: the contact form first, then the forms made without code. */
export function useInboxForms() {
  return useQuery({
    queryKey: [...KEY, 'forms'],
    queryFn: async () => FormListSchema.parse(await api(formsApi.listForms)).items,
  });
}

/** The Form filter: the contact form (''), or a form made without code (its id in `?form=`). */
export function FormChooser() {
  const forms = useInboxForms();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get('form') ?? '';
  const options = [
    { value: '', label: 'Contact form' },
    ...(forms.data ?? []).filter((form) => !form.builtIn).map((form) => ({ value: String(form.id), label: form.name })),
  ];
  if (options.length < 2) return null;
  return (
    <div className="list-toolbar">
      <ToolbarSelect
        id="inbox-form"
        label="Form"
        value={chosen}
        options={options}
        onChange={(value) => setSearchParams(value ? { form: value } : {})}
      />
    </div>
  );
}

type Row = ReturnType<typeof SubmissionListSchema.parse>['items'][number];
const column = createColumnHelper<Row>();
const COLUMNS: DataColumn<Row>[] = [
  column.accessor('createdAt', {
    header: 'Received',
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatDateTime(getValue())}</time>,
  }),
  column.accessor('summary', { header: 'Sent', cell: ({ getValue }) => getValue() || '—' }),
  column.accessor('spamReason', {
    header: 'Why in Spam',
    cell: ({ row }) => (row.original.spamReason ? SPAM_REASON_LABELS[row.original.spamReason] : '—'),
  }),
  column.accessor('files', { header: 'Files', meta: { align: 'end' } }),
];

/** The submissions of one form made without code, under the Form filter. */
export function SubmissionsScreen({ formId }: { formId: number }) {
  const [status, setStatus] = useState<SubmissionStatus>('inbox');
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...KEY, formId, status],
    queryFn: async () =>
      SubmissionListSchema.parse(await api(submissionsApi.listSubmissions, { query: { form: formId, status } })),
  });
  return (
    <Screen
      title="Enquiries"
      lead="What visitors sent through the site’s forms, newest first. Spam keeps what the spam rules caught, with the reason: Not spam moves one to the inbox and mails it then."
      actions={
        <div className="screen-actions">
          <a
            className="button button--outline"
            href={apiUrl(submissionsApi.exportSubmissions, { query: { form: formId } })}
          >
            <Download className="button__icon" aria-hidden="true" focusable="false" />
            Export CSV
          </a>
          <BackToHomeLink />
        </div>
      }
    >
      <FormChooser />
      <div className="list-toolbar">
        <ToolbarSelect
          id="inbox-status"
          label="Status"
          value={status}
          options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value: value as SubmissionStatus, label }))}
          onChange={(value) => {
            setStatus(value as SubmissionStatus);
            setOpen(null);
          }}
        />
      </div>
      <DataTable
        caption={`Submissions: ${STATUS_LABELS[status]}`}
        columns={COLUMNS}
        rows={list.data?.items ?? []}
        getRowId={(row) => String(row.id)}
        status={list.status}
        errorMessage={list.isError ? errorMessage(list.error) : undefined}
        onRetry={() => void list.refetch()}
        emptyMessage={status === 'spam' ? 'Nothing is in Spam.' : `No submissions under ${STATUS_LABELS[status]}.`}
        rowActions={(row) => (
          <IconButton
            icon={Eye}
            label={`Open the submission of ${formatDateTime(row.createdAt)}`}
            onClick={() => setOpen(row.id)}
          />
        )}
      />
      {open !== null ? <SubmissionDetail id={open} onClose={() => setOpen(null)} /> : null}
    </Screen>
  );
}

/** One submission: its values by label, its files, and the moves to another status. */
function SubmissionDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const submission = useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => SubmissionSchema.parse(await api(submissionsApi.getSubmission, { params: { id } })),
  });
  const move = useMutation({
    mutationFn: async (status: SubmissionStatus) =>
      SubmissionSchema.parse(await api(submissionsApi.changeSubmissionStatus, { params: { id }, body: { status } })),
    onSuccess: (moved) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      notify.success(`The submission is under ${STATUS_LABELS[moved.status]} now.`, 'Moved');
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  if (submission.status === 'pending') return <p role="status">Opening the submission…</p>;
  if (submission.status === 'error') return <p role="alert">{errorMessage(submission.error)}</p>;
  const shown = submission.data;
  const moves = (Object.keys(STATUS_LABELS) as SubmissionStatus[]).filter((status) => status !== shown.status);
  return (
    <section className="app-panel" aria-labelledby={`submission-${id}`}>
      <h2 id={`submission-${id}`}>
        {shown.form.name}: received {formatDateTime(shown.createdAt)}
      </h2>
      {shown.spamReason ? <p className="app-notice">In Spam: {SPAM_REASON_LABELS[shown.spamReason]}.</p> : null}
      <dl className="submission-values">
        {shown.values.map((value) => (
          <div key={value.key}>
            <dt>{value.label}</dt>
            <dd>{value.value || '—'}</dd>
          </div>
        ))}
      </dl>
      {shown.files.length > 0 ? (
        <ul>
          {shown.files.map((file) => (
            <li key={file.id}>
              <a
                href={apiUrl(submissionsApi.getSubmissionFile, { params: { id, fileId: file.id } })}
                download={file.name}
              >
                {file.name}
              </a>{' '}
              ({Math.max(1, Math.round(file.bytes / 1024))} KB)
            </li>
          ))}
        </ul>
      ) : null}
      <div className="app-actions">
        {moves.map((status) => (
          <button
            key={status}
            type="button"
            className="button button--outline"
            disabled={move.isPending}
            onClick={() => move.mutate(status)}
          >
            {shown.status === 'spam' && status === 'inbox' ? 'Not spam' : `Move to ${STATUS_LABELS[status]}`}
          </button>
        ))}
        <button type="button" className="button button--outline" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}

/** The enquiries screen: the contact form's enquiries, or a form's submissions when the Form filter names one. */
export function useChosenForm(): number | null {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('form'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
