import type { Attachment } from '@cairn/contracts/attachments';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Bytes as people read them: 512 bytes, 14 KB, 4.2 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

/** Whether the browser can show the file as an image. */
export function isImageAttachment(attachment: Pick<Attachment, 'mimeType'>): boolean {
  return attachment.mimeType.startsWith('image/');
}
