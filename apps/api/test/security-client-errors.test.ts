import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { buildTestApp, createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

/** The real app writing its log into an array, as the server would write it to stdout. */
const logLines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp({ database, logLines });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  logLines.length = 0;
});

const reportLines = () =>
  logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'errors reported by the web app');

const send = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/1/envelope/?sentry_key=cairn&sentry_version=7',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload,
  });

const envelopeHeader = JSON.stringify({ event_id: 'abc', sent_at: '2026-03-10T12:00:00Z' });
const event = (message: string) =>
  [JSON.stringify({ type: 'event' }), JSON.stringify({ message, release: '1.0.0' })].join('\n');
const envelopeOf = (items: string[]) => [envelopeHeader, ...items].join('\n');

describe('error reports from the web app', () => {
  it('refuse an envelope of thousands of events, writing nothing to the log', async () => {
    // About 230 kB: within the body limit, but 7,000 log lines before the cap.
    const flood = envelopeOf(Array.from({ length: 7000 }, () => '{"type":"event"}\n{"message":"x"}'));
    expect(flood.length).toBeLessThan(256 * 1024);
    const response = await send(flood);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'An envelope may hold at most 100 items',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(reportLines()).toHaveLength(0);
  });

  it('log one short line per envelope, however many events it holds', async () => {
    const response = await send(
      envelopeOf(Array.from({ length: 100 }, (_, index) => event(`boom ${index}`))),
    );
    expect(response.statusCode).toBe(200);
    const lines = reportLines();
    expect(lines).toHaveLength(1);
    expect(lines[0].eventCount).toBe(100);
    expect(lines[0].clientErrors).toHaveLength(10);
    expect(lines[0].clientErrors[0]).toMatchObject({ type: 'message', message: 'boom 0', release: '1.0.0' });
  });

  it('keep a very long message short in the log', async () => {
    const response = await send(envelopeOf([event('y'.repeat(200_000))]));
    expect(response.statusCode).toBe(200);
    expect(reportLines()[0].clientErrors[0].message).toHaveLength(1000);
    expect(logLines.join('\n').length).toBeLessThan(5000);
  });

  it('read items with a length, whose payload may hold line breaks', async () => {
    const attachment = 'line one\nline two';
    const body = envelopeOf([
      JSON.stringify({ type: 'attachment', length: Buffer.byteLength(attachment) }),
      attachment,
      event('after the attachment'),
    ]);
    const response = await send(body);
    expect(response.statusCode).toBe(200);
    expect(reportLines()[0].clientErrors).toMatchObject([{ message: 'after the attachment' }]);
  });

  it.each([
    ['text that is no envelope', 'hello there'],
    ['an empty body', ''],
    ['an item header that is not JSON', `${envelopeHeader}\nnot json\n{}`],
    ['an item without a type', `${envelopeHeader}\n{"length":2}\n{}`],
    ['an event that is not JSON', `${envelopeHeader}\n{"type":"event"}\nnot json`],
    ['a length past the end', `${envelopeHeader}\n{"type":"attachment","length":500}\nshort`],
    ['a negative length', `${envelopeHeader}\n{"type":"attachment","length":-1}\nx`],
  ])('refuse %s with 400 in the error shape', async (_name, body) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The body is not a Sentry envelope',
      code: 'VALIDATION_FAILED',
    });
    expect(reportLines()).toHaveLength(0);
  });

  it('refuse an oversize body with 413 in the error shape', async () => {
    const response = await send(envelopeOf([event('z'.repeat(300 * 1024))]));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('the error-report rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts the connecting address, whatever X-Forwarded-For a client sends', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/1/envelope/',
        headers: { 'content-type': 'text/plain', 'x-forwarded-for': `203.0.113.${index}` },
        payload: envelopeHeader,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
