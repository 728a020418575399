import type { Attachment } from '@cairn/contracts/attachments';
import { ATTACHMENT_URL_PREFIX } from './note-preview';

/** Brackets and backslashes would end or bend the Markdown link text, so they are escaped. */
function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (character) => `\\${character}`);
}

/** The Markdown that shows an attachment in a note: an image in place, any other file as a link. */
export function attachmentMarkdown(
  attachment: Pick<Attachment, 'id' | 'originalFileName' | 'mimeType'>,
): string {
  const text = escapeLinkText(attachment.originalFileName);
  const target = `${ATTACHMENT_URL_PREFIX}${attachment.id}`;
  return attachment.mimeType.startsWith('image/') ? `![${text}](${target})` : `[${text}](${target})`;
}
