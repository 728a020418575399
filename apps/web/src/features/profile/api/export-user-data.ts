import { useMutation } from '@tanstack/react-query';
import { httpErrorFrom } from '../../../lib/errors';
import { readDownloadFileName, saveFile } from '../utils/download-file';
import type { SessionFetch } from './session-transport';

export interface ExportProgress {
  received: number;
  /** From Content-Length; undefined when the server streams without one. */
  total: number | undefined;
}

export interface ExportUserDataVariables {
  fetchWithSession: SessionFetch;
  onProgress?: (progress: ExportProgress) => void;
  /** Saved under this name should the server give none. */
  fallbackFileName: string;
}

function readContentLength(response: Response): number | undefined {
  const length = Number(response.headers.get('Content-Length'));
  return Number.isFinite(length) && length > 0 ? length : undefined;
}

/** Reads the body as it arrives, reporting bytes, so a large export shows it is moving. */
async function readWithProgress(
  response: Response,
  onProgress: ExportUserDataVariables['onProgress'],
): Promise<Blob> {
  const total = readContentLength(response);
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return new Blob(chunks, { type: 'application/zip' });
}

/** Downloads everything the account owns as one zip, saved under the server's file name. */
export async function exportUserData({
  fetchWithSession,
  onProgress,
  fallbackFileName,
}: ExportUserDataVariables): Promise<{ fileName: string; bytes: number }> {
  const response = await fetchWithSession('/api/v1/users/me/export');
  if (!response.ok) throw await httpErrorFrom(response);
  const blob = await readWithProgress(response, onProgress);
  const fileName = readDownloadFileName(response.headers.get('Content-Disposition'), fallbackFileName);
  saveFile(blob, fileName);
  return { fileName, bytes: blob.size };
}

export function useExportUserDataMutation() {
  return useMutation({
    mutationFn: exportUserData,
    meta: { errorMessage: 'Could not export your data' },
  });
}
