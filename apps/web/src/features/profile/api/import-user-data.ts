import { type ImportSource, type ImportSummary, importSummarySchema } from '@cairn/contracts/data-transfer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpErrorFrom, readErrorBody } from '../../../lib/errors';
import { formUploadResponse, sendFormWithProgress } from '../../../lib/form-upload';
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
      return sendFormWithProgress({
        path: `/api/v1/users/me/import?${search}`,
        form,
        headers,
        onProgress,
        signal,
      });
    },
    (answer) => readErrorBody(formUploadResponse(answer)),
  );
  if (result.status < 200 || result.status >= 300) throw await httpErrorFrom(formUploadResponse(result));
  return importSummarySchema.parse(JSON.parse(result.body));
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
