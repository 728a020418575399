export type ClientErrorSummary = {
  type: string;
  message: string | undefined;
  url: string | undefined;
  release: string | undefined;
};

type SentryEvent = {
  message?: string | { formatted?: string };
  exception?: { values?: { type?: string; value?: string }[] };
  request?: { url?: string };
  release?: string;
};

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Reads the events out of an envelope: a header line, then item-header/payload line pairs. */
export function summarizeEnvelope(body: string): ClientErrorSummary[] {
  const lines = body.split('\n');
  const summaries: ClientErrorSummary[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = parseJson(lines[index] ?? '') as { type?: string } | undefined;
    if (header?.type !== 'event') continue;
    const event = parseJson(lines[index + 1] ?? '') as SentryEvent | undefined;
    if (!event) continue;
    const exception = event.exception?.values?.at(-1);
    const message = typeof event.message === 'string' ? event.message : event.message?.formatted;
    summaries.push({
      type: exception?.type ?? 'message',
      message: exception?.value ?? message,
      url: event.request?.url,
      release: event.release,
    });
  }
  return summaries;
}
