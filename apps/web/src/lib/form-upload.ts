import { getEnv } from './env';

/** What an XMLHttpRequest answered, before it is read as JSON or as an error. */
export interface FormUploadResult {
  status: number;
  statusText: string;
  body: string;
}

/** The answer as a Response, for the error readers that take one. */
export function formUploadResponse(result: FormUploadResult): Response {
  // A null-body status (204) cannot carry a body in a Response.
  return new Response(result.status === 204 ? null : result.body, {
    status: result.status,
    statusText: result.statusText,
  });
}

/**
 * POSTs a multipart form to the API. XMLHttpRequest rather than fetch: only it reports how much of the
 * body has gone out, which a progress bar shows.
 */
export function sendFormWithProgress(options: {
  path: string;
  form: FormData;
  headers: Headers;
  /** Called as bytes go out, with the share sent so far (0 to 1). */
  onProgress?: ((sent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}): Promise<FormUploadResult> {
  const { path, form, headers, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${getEnv().apiUrl}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of headers) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      resolve({ status: request.status, statusText: request.statusText, body: request.responseText }),
    );
    // As fetch does: a network failure is a TypeError, which the toasts show as the fallback text.
    request.addEventListener('error', () => reject(new TypeError('The upload failed')));
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
