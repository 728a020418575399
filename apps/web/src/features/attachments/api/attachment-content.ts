import { INLINE_ATTACHMENT_TYPES } from '@cairn/contracts/attachments';
import { httpErrorFrom } from '../../../lib/errors';
import { fetchWithSession } from './authorized-request';

/**
 * Blob URLs of attachments' content by id. The content endpoint needs the bearer token, which an <img>
 * or a link cannot send, so the bytes are fetched once and shown from memory.
 */
const contentUrls = new Map<string, Promise<string>>();

/** A blob: URL of the attachment's content, fetched with the session's token once and then reused. */
export function getAttachmentContentUrl(attachmentId: string): Promise<string> {
  let url = contentUrls.get(attachmentId);
  if (!url) {
    url = fetchContent(attachmentId);
    contentUrls.set(attachmentId, url);
    // A failure is not kept: the next look tries again.
    url.catch(() => contentUrls.delete(attachmentId));
  }
  return url;
}

async function fetchContent(attachmentId: string): Promise<string> {
  const response = await fetchWithSession(`/api/v1/attachments/${attachmentId}/content`);
  if (!response.ok) throw await httpErrorFrom(response);
  const blob = await response.blob();
  // A blob: URL shares the app's origin: content a browser could run if opened (HTML, SVG) is kept as
  // plain bytes, so only images and PDFs are ever shown in place.
  const type = blob.type.split(';')[0]?.trim().toLowerCase() ?? '';
  const isInline = (INLINE_ATTACHMENT_TYPES as readonly string[]).includes(type);
  return URL.createObjectURL(isInline ? blob : new Blob([blob], { type: 'application/octet-stream' }));
}

/** Frees the memory of a deleted attachment's content. */
export function forgetAttachmentContent(attachmentId: string): void {
  const url = contentUrls.get(attachmentId);
  contentUrls.delete(attachmentId);
  void url?.then(
    (value) => URL.revokeObjectURL(value),
    () => undefined,
  );
}

/** Saves the attachment under its original name, as a download link would. */
export async function downloadAttachment(attachmentId: string, fileName: string): Promise<void> {
  const url = await getAttachmentContentUrl(attachmentId);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
