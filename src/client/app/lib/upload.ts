import { readCookie, type JsonResponse } from '../../lib/http';

/**
 * POSTs a multipart form to this site with XMLHttpRequest (fetch reports no upload progress), with the CSRF
 * header like every other change. `onProgress` hears how far the upload got (0 to 1). Resolves with the answer
 * (its JSON, or null when it has none) whatever its status; only a failure to reach the server, or `signal`
 * aborting the upload, rejects.
 */
export function postFormWithProgress(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<JsonResponse<unknown>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) request.setRequestHeader('x-xsrf-token', xsrf);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        data = null;
      }
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, data });
    };
    request.onerror = () => reject(new Error('The server could not be reached.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
