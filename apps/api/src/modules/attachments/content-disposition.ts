/**
 * A Content-Disposition header naming the file as the user called it, safe whatever the name holds:
 * an ASCII fallback in `filename` (quotes, backslashes, controls and non-ASCII replaced) and the exact
 * name in `filename*`, UTF-8 percent-encoded as RFC 5987 / RFC 6266 describe, which browsers prefer.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  // encodeURIComponent throws on half a surrogate pair; stored names have none, but a header must never throw.
  const fileName = name.replace(LONE_SURROGATE, '\uFFFD');
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes everything but RFC 5987's attr-chars (encodeURIComponent leaves ' ( ) * as they are). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
