import type { ExportWorklogsQuery } from '@cairn/contracts/worklogs';
import { useMutation } from '@tanstack/react-query';
import { httpErrorFrom } from '../../../lib/errors';

/**
 * A fetch against the API with the session's token (and its refresh), answering the response as is:
 * a download is bytes, which the JSON client does not read. The route hands it in.
 */
export type SessionFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** The file name the server gives (Content-Disposition, RFC 5987 first), else the fallback. */
export function readDownloadFileName(contentDisposition: string | null, fallback: string): string {
  const encoded = contentDisposition && /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below, or the fallback.
    }
  }
  const plain = contentDisposition && /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1];
  return plain || fallback;
}

export interface ExportWorklogsVariables {
  query: ExportWorklogsQuery;
  /** The name to save under should the server give none. */
  fallbackFileName: string;
  /** Bytes received so far, as the file streams in. */
  onProgress?: (bytes: number) => void;
}

/** Reads the body as it arrives, reporting bytes, so a large export shows it is moving. */
async function readWithProgress(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks);
}

/** Downloads the project's entries in the range as CSV, saved under the server's file name. */
export async function exportWorklogs(
  { query, fallbackFileName, onProgress }: ExportWorklogsVariables,
  fetchWithSession: SessionFetch,
): Promise<{ fileName: string; bytes: number }> {
  const search = new URLSearchParams({ projectId: query.projectId, from: query.from, to: query.to });
  if (query.preset) search.set('preset', query.preset);
  const response = await fetchWithSession(`/api/v1/worklogs/export?${search}`);
  if (!response.ok) throw await httpErrorFrom(response);
  const blob = await readWithProgress(response, onProgress);
  const fileName = readDownloadFileName(response.headers.get('Content-Disposition'), fallbackFileName);
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL can go once it has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName, bytes: blob.size };
}

export function useExportWorklogsMutation(fetchWithSession: SessionFetch) {
  return useMutation({
    mutationFn: (variables: ExportWorklogsVariables) => exportWorklogs(variables, fetchWithSession),
    meta: { errorMessage: 'Could not export your work log' },
  });
}
