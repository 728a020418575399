export type ClientErrorSummary = {
  type: string;
  message: string | undefined;
  url: string | undefined;
  release: string | undefined;
};

/** The SDK sends one event per envelope; a few more (sessions, reports) is normal, thousands is not. */
export const MAX_ENVELOPE_ITEMS = 100;

export type EnvelopeReading =
  | { isValid: true; itemCount: number; events: ClientErrorSummary[] }
  | { isValid: false; problem: 'malformed' | 'too-many-items' };

type SentryEvent = {
  message?: unknown;
  exception?: { values?: { type?: unknown; value?: unknown }[] };
  request?: { url?: unknown };
  release?: unknown;
};

const NEWLINE = 0x0a;

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Reports are written to the log, so one report cannot make a long line. */
function shortText(value: unknown, maxLength: number): string | undefined {
  return typeof value === 'string' ? value.slice(0, maxLength) : undefined;
}

function summarizeEvent(event: SentryEvent): ClientErrorSummary {
  const values = Array.isArray(event.exception?.values) ? event.exception.values : [];
  const exception = values.at(-1);
  const message =
    typeof event.message === 'object' && event.message !== null
      ? (event.message as { formatted?: unknown }).formatted
      : event.message;
  return {
    type: shortText(exception?.type, 200) ?? 'message',
    message: shortText(exception?.value, 1000) ?? shortText(message, 1000),
    url: shortText(event.request?.url, 500),
    release: shortText(event.release, 200),
  };
}

/**
 * Reads an envelope: a header line, then items, each a header line and a payload that is either
 * the header's `length` in bytes or the rest of the line. Anything else is refused whole.
 */
export function readEnvelope(body: string): EnvelopeReading {
  const bytes = Buffer.from(body, 'utf8');
  let offset = 0;
  const readLine = () => {
    const newline = bytes.indexOf(NEWLINE, offset);
    const end = newline === -1 ? bytes.length : newline;
    const line = bytes.toString('utf8', offset, end);
    offset = end + 1;
    return line;
  };
  const malformed = { isValid: false, problem: 'malformed' } as const;

  if (!parseObject(readLine())) return malformed;
  const events: ClientErrorSummary[] = [];
  let itemCount = 0;
  while (offset < bytes.length) {
    const headerLine = readLine();
    if (headerLine.trim() === '') continue;
    const header = parseObject(headerLine);
    if (typeof header?.type !== 'string') return malformed;
    itemCount += 1;
    if (itemCount > MAX_ENVELOPE_ITEMS) return { isValid: false, problem: 'too-many-items' };
    let payload: string;
    if (header.length === undefined) {
      payload = readLine();
    } else {
      const length = header.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) return malformed;
      if (offset + length > bytes.length) return malformed;
      payload = bytes.toString('utf8', offset, offset + length);
      offset += length;
      if (offset < bytes.length && bytes[offset] !== NEWLINE) return malformed;
      offset += 1;
    }
    if (header.type === 'event') {
      const event = parseObject(payload);
      if (!event) return malformed;
      events.push(summarizeEvent(event));
    }
  }
  return { isValid: true, itemCount, events };
}

/** The events of a well-formed envelope; none for anything else. */
export function summarizeEnvelope(body: string): ClientErrorSummary[] {
  const reading = readEnvelope(body);
  return reading.isValid ? reading.events : [];
}
