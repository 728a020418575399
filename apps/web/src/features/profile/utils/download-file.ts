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
  return plain?.trim() || fallback;
}

/** Hands bytes to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL can go once it has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "1.2 MB received", or "1.2 MB of 3.4 MB (35%)" when the size is known. */
export function describeTransfer(done: number, total: number | undefined, verb = 'received'): string {
  const amount = formatBytes(done);
  if (!total) return `${amount} ${verb}`;
  const percent = Math.min(100, Math.round((done / total) * 100));
  return `${amount} of ${formatBytes(total)} (${percent}%)`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
