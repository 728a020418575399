export type ClientErrorSummary = {
  type: string;
  message: string | undefined;
  url: string | undefined;
  release: string | undefined;
  /** The innermost frames, one per line, newest first. */
  stack: string | undefined;
  /** "Chrome 120.0", or the user agent when the event names no browser. */
  browser: string | undefined;
  /** Whatever the event says the user's id is; the server checks it names a real user. */
  userId: string | undefined;
};

/** However long the trace, the stored stack stays small. */
export const MAX_STACK_LENGTH = 8 * 1024;

/** The SDK sends one event per envelope; a few more (sessions, reports) is normal, thousands is not. */
export const MAX_ENVELOPE_ITEMS = 100;

export type EnvelopeReading =
  | { isValid: true; itemCount: number; events: ClientErrorSummary[] }
  | { isValid: false; problem: 'malformed' | 'too-many-items' };

type SentryFrame = { filename?: unknown; function?: unknown; lineno?: unknown; colno?: unknown };

type SentryEvent = {
  message?: unknown;
  exception?: {
    values?: { type?: unknown; value?: unknown; stacktrace?: { frames?: unknown } }[];
  };
  request?: { url?: unknown; headers?: unknown };
  release?: unknown;
  contexts?: { browser?: { name?: unknown; version?: unknown } };
  user?: { id?: unknown };
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

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Sentry lists frames oldest first; the text shows the innermost first, as a JavaScript stack does. */
function stackText(frames: unknown): string | undefined {
  if (!Array.isArray(frames) || frames.length === 0) return undefined;
  const lines: string[] = [];
  let length = 0;
  for (const frame of [...frames].reverse().slice(0, 200) as SentryFrame[]) {
    const where = [shortText(frame?.filename, 500) ?? '?', frame?.lineno, frame?.colno]
      .filter((part) => typeof part === 'string' || typeof part === 'number')
      .join(':');
    const name = shortText(frame?.function, 200);
    const line = name ? `at ${name} (${where})` : `at ${where}`;
    if (length + line.length + 1 > MAX_STACK_LENGTH) break;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function browserOf(event: SentryEvent): string | undefined {
  const browser = asObject(event.contexts)?.browser as { name?: unknown; version?: unknown } | undefined;
  const name = shortText(browser?.name, 100);
  if (name) return [name, shortText(browser?.version, 50)].filter(Boolean).join(' ');
  const headers = asObject(asObject(event.request)?.headers);
  return shortText(headers?.['User-Agent'] ?? headers?.['user-agent'], 300);
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
    stack: stackText(asObject(exception?.stacktrace)?.frames),
    browser: browserOf(event),
    userId: shortText(asObject(event.user)?.id, 100),
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
