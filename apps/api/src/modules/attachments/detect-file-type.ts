import { fileTypeFromBuffer } from 'file-type';

/** How much of the start of a file the type is read from (what file-type needs for every format it knows). */
export const SNIFF_BYTES = 4100;

export type DetectedType = {
  mimeType: string;
  /** Of the stored file's name; never from the client's name. Undefined when the type is unknown. */
  extension: string | undefined;
};

const UNKNOWN: DetectedType = { mimeType: 'application/octet-stream', extension: undefined };
const TEXT: DetectedType = { mimeType: 'text/plain', extension: 'txt' };

/** Control characters that do not occur in text people write (tab, line breaks, form feed and escape do). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/;

/**
 * The type of a file from its first bytes, whatever the client claimed: a format file-type recognises
 * by its signature, else text/plain when those bytes are UTF-8 text without binary control characters,
 * else application/octet-stream. Text is judged on the start only; it is never shown in place (only
 * images and PDF are), so a label that is wrong for a later part harms nothing.
 */
export async function detectFileType(
  head: Uint8Array,
  options: { isWholeFile: boolean },
): Promise<DetectedType> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    return {
      mimeType: detected.mime,
      extension: /^[a-z0-9]{1,12}$/.test(detected.ext) ? detected.ext : undefined,
    };
  }
  try {
    // A cut-off start may end inside a character; `stream` lets that last one wait for bytes that never come.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !options.isWholeFile });
    return BINARY_CONTROL.test(text) ? UNKNOWN : TEXT;
  } catch {
    return UNKNOWN;
  }
}
