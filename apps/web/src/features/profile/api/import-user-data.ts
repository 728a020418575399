import { type ImportSource, type ImportSummary, importSummarySchema } from '@cairn/contracts/data-transfer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getEnv } from '../../../lib/env';
import { httpErrorFrom, readErrorBody } from '../../../lib/errors';
import type { SessionSend } from './session-transport';

export interface ImportUserDataVariables {
  sendWithSession: SessionSend;
  file: File;
  source: ImportSource;
  /** Read and check the file, count what it would add, change nothing. */
  isDryRun: boolean;
  /** Called as bytes go out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

interface XhrResult {
  status: number;
  statusText: string;
  body: string;
}

function toResponse(result: XhrResult): Response {
  // A null-body status (204) cannot carry a body in a Response.
  return new Response(result.status === 204 ? null : result.body, {
    status: result.status,
    statusText: result.statusText,
  });
}

/**
 * Sends the file as multipart/form-data to the import, as a dry run or for real. XMLHttpRequest rather
 * than fetch: only it reports how much of the body has gone out, which the progress bar shows.
 */
export async function importUserData({
  sendWithSession,
  file,
  source,
  isDryRun,
  onProgress,
  signal,
}: ImportUserDataVariables): Promise<ImportSummary> {
  const search = new URLSearchParams({ source, dryRun: String(isDryRun) });
  const result = await sendWithSession(
    (headers) => {
      // A retry after a token refresh sends a fresh body.
      const form = new FormData();
      form.append('file', file, file.name);
      return sendForm(`/api/v1/users/me/import?${search}`, form, headers, { onProgress, signal });
    },
    (answer) => readErrorBody(toResponse(answer)),
  );
  if (result.status < 200 || result.status >= 300) throw await httpErrorFrom(toResponse(result));
  return importSummarySchema.parse(JSON.parse(result.body));
}

function sendForm(
  path: string,
  form: FormData,
  headers: Headers,
  { onProgress, signal }: Pick<ImportUserDataVariables, 'onProgress' | 'signal'>,
): Promise<XhrResult> {
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

/**
 * Checks or imports a file. A real import adds to every area at once, so every cached query is
 * refreshed afterwards.
 */
export function useImportUserDataMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUserData,
    meta: { errorMessage: 'Could not import the file' },
    onSuccess: async (summary) => {
      if (!summary.isDryRun) await queryClient.invalidateQueries();
    },
  });
}
