import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as companyApi from '../../../core/api/company';
import * as contentApi from '../../../core/api/content-api';
import { api, apiUrl, errorMessage } from '../lib/api';
import { CheckboxField } from '../components/checkbox-field';
import { notify } from '../toasts';

const KEY = ['company', 'content-api'] as const;
/** The content API's list of pages, as another system calls it. */
const CONTENT_PAGES_PATH = apiUrl(contentApi.contentPages);

/**
 * Who may read the content API (docs/design.md §33): API tokens with `content:read` always; anyone, once ticked here
 * (for a site whose published pages are public anyway and that wants them in another front end without a token).
 */
export function ContentApiSetting() {
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: KEY,
    queryFn: () => api(companyApi.getContentApiSetting),
  });
  const save = useMutation({
    mutationFn: (open: boolean) => api(companyApi.saveContentApiSetting, { body: { public: open } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      notify.success(
        answer.public
          ? 'Anyone may read the content API now.'
          : 'The content API needs an API token again (or a staff sign-in).',
      );
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <section className="app-panel account-section" aria-labelledby="content-api-title">
      <h2 className="account-section__title" id="content-api-title">
        Content API
      </h2>
      <p>
        Other systems read the published pages at <code>{CONTENT_PAGES_PATH}</code>. They need an API token that may
        read published pages (made on Your account), unless you open it to anyone here.
      </p>
      {setting.isError ? <p role="alert">{errorMessage(setting.error)}</p> : null}
      <CheckboxField
        id="content-api-public"
        label="Anyone may read the published pages through the content API, without a token"
        checked={setting.data?.public ?? false}
        disabled={!setting.data || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
    </section>
  );
}
