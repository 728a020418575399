import { randomUUID } from 'node:crypto';
import { errorCodes } from '@cairn/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeBody,
  fillPath,
  holdsIds,
  isIdName,
  type JsonSchema,
  loadOpenApi,
  nonNullVariant,
  type OpenApiDocument,
  type Operation,
  primaryType,
  type SampleContext,
  sampleValue,
  variantsOf,
} from './support/openapi-document';
import { type Actor, createActor, FixtureWorld, fixtureMakers, kindOf } from './support/openapi-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Generated from the OpenAPI document: every operation gets a fixed set of hostile variations of a
 * valid request (wrong types, missing and extra fields, NUL bytes, lone surrogates, huge strings,
 * deep nesting, extreme numbers, impossible dates, bad ids, forged cursors, bad time zones, wrong
 * content types, malformed JSON). None may reach a 5xx, and every 4xx has the one error shape.
 */

type Case = {
  operation: Operation;
  name: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  actor: Actor | undefined;
};

const NUL = 'a\u0000b';
const LONE_SURROGATE = '\ud800';
const HUGE = 'x'.repeat(100_000);
const DEEP_ARRAYS = `${'['.repeat(1000)}${']'.repeat(1000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
const deepArrays = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};
const BAD_DATES = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', 'not-a-date'];
const BAD_NUMBERS = [1e308, -1, 2 ** 53 + 1];
const BAD_TIMEZONES = ['Not/AZone', 'x'.repeat(300), '../../../etc/passwd', '+99:99'];
const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const FORGED_CURSORS = [
  encodeCursor({}),
  encodeCursor('x'),
  encodeCursor([null, null]),
  encodeCursor([['nested'], randomUUID()]),
  encodeCursor([1e308, randomUUID()]),
  encodeCursor(['0000-01-01T00:00:00Z', randomUUID()]),
  encodeCursor([NUL, randomUUID()]),
  encodeCursor(['high', 'not-an-id']),
  encodeCursor([2 ** 53 + 1, randomUUID().toUpperCase()]),
  'not base64 at all!',
];

/** A value of another type than the schema wants. */
function wrongType(schema: JsonSchema): unknown {
  switch (primaryType(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return '12';
    case 'boolean':
      return 'true';
    case 'array':
      return { a: 1 };
    case 'object':
      return 'x';
    default:
      return [];
  }
}

/** Values to put into one field, each a case of its own. */
function fieldValues(document: OpenApiDocument, schema: JsonSchema, valid: unknown): [string, unknown][] {
  const real = nonNullVariant(document, schema);
  const type = primaryType(real);
  const values: [string, unknown][] = [
    ['a wrong type', wrongType(real)],
    ['null', null],
    ['1,000 nested arrays', deepArrays(1000)],
  ];
  if (
    type === 'string' ||
    variantsOf(document, schema).some((variant) => primaryType(variant) === 'string')
  ) {
    values.push(['a NUL byte', NUL], ['a lone surrogate', LONE_SURROGATE], ['a 100 kB string', HUGE]);
    if (real.format === 'date-time' || real.format === 'date')
      for (const date of BAD_DATES) values.push([`the date ${date}`, date]);
    if (real.format === 'uuid') {
      values.push(['an invalid id', 'not-an-id']);
      if (typeof valid === 'string') values.push(['an upper-case id', valid.toUpperCase()]);
    }
  }
  if (type === 'integer' || type === 'number')
    for (const number of BAD_NUMBERS) values.push([`the number ${number}`, number]);
  if (type === 'array') {
    values.push(['a NUL byte in an item', [NUL]], ['a lone surrogate in an item', [LONE_SURROGATE]]);
    if (Array.isArray(valid) && typeof valid[0] === 'string')
      values.push(['an upper-case id in an item', [valid[0].toUpperCase()]]);
  }
  return values;
}

const encodeQuery = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

/** The valid request every case varies: the actor's own ids, required fields, sample values. */
async function validRequest(document: OpenApiDocument, operation: Operation, actor: Actor | undefined) {
  const world = actor ? new FixtureWorld(actor) : undefined;
  const uses = new Map<string, number>();
  const ids = new Map<string, string>();
  const idFor = async (location: 'path' | 'query' | 'body', name: string) => {
    const kind = kindOf(operation.path, location, name);
    if (!world || !kind || !fixtureMakers[kind]) return randomUUID();
    const index = uses.get(kind) ?? 0;
    uses.set(kind, index + 1);
    return world.get(kind, index);
  };
  const variant = operation.body ? variantsOf(document, operation.body)[0] : undefined;
  for (const parameter of operation.pathParams)
    if (isIdName(parameter.name)) ids.set(`path:${parameter.name}`, await idFor('path', parameter.name));
  for (const name of variant?.required ?? []) {
    const schema = variant?.properties?.[name];
    if (schema && isIdName(name) && holdsIds(document, schema))
      ids.set(`body:${name}`, await idFor('body', name));
  }
  const context = (location: string): SampleContext => ({
    document,
    unique: randomUUID().slice(0, 8),
    known: actor
      ? { refreshToken: actor.refreshToken, currentPassword: actor.password, token: randomUUID() }
      : undefined,
    idFor: (name, many) => {
      const id = ids.get(`${location}:${name}`) ?? randomUUID();
      return many ? [id] : id;
    },
  });
  const pathValues: Record<string, string> = {};
  for (const parameter of operation.pathParams)
    pathValues[parameter.name] = String(sampleValue(context('path'), parameter.schema ?? {}, parameter.name));
  const query: Record<string, string> = {};
  for (const parameter of operation.queryParams)
    if (parameter.required)
      query[parameter.name] = String(sampleValue(context('query'), parameter.schema ?? {}, parameter.name));
  let body: unknown;
  if (variant) {
    body = sampleValue(context('body'), variant);
    if (body && typeof body === 'object' && !Array.isArray(body))
      body = completeBody(context('body'), variant, body as Record<string, unknown>);
  }
  return { pathValues, query, body, variant, context: context('body') };
}

async function casesFor(document: OpenApiDocument, operation: Operation, actor: Actor | undefined) {
  const valid = await validRequest(document, operation, actor);
  const cases: Case[] = [];
  const auth: Record<string, string> = actor ? { authorization: `Bearer ${actor.token}` } : {};
  const add = (
    name: string,
    change: {
      pathValues?: Record<string, string>;
      query?: Record<string, string>;
      rawQuery?: string;
      rawPath?: string;
      body?: unknown;
      payload?: string;
      headers?: Record<string, string>;
    },
  ) => {
    const path = change.rawPath ?? fillPath(operation.path, change.pathValues ?? valid.pathValues);
    const search = change.rawQuery ?? encodeQuery(change.query ?? valid.query);
    const body = 'body' in change ? change.body : valid.body;
    const payload = change.payload ?? (body === undefined ? undefined : JSON.stringify(body));
    cases.push({
      operation,
      name,
      url: search ? `${path}?${search}` : path,
      headers: {
        ...auth,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...change.headers,
      },
      payload,
      actor,
    });
  };

  // Path parameters.
  for (const parameter of operation.pathParams) {
    const value = valid.pathValues[parameter.name] ?? '';
    const raw = (replacement: string) =>
      operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        name === parameter.name ? replacement : encodeURIComponent(valid.pathValues[name] ?? ''),
      );
    for (const [name, replacement] of [
      ['an invalid id', 'not-an-id'],
      ['an upper-case id', encodeURIComponent(value.toUpperCase())],
      ['a NUL byte', 'a%00b'],
      ['a lone surrogate', '%ED%A0%80'],
      ['a 1,000-character value', 'x'.repeat(1000)],
      ['-1', '-1'],
      ['1e308', '1e308'],
    ] as const)
      add(`path ${parameter.name}: ${name}`, { rawPath: raw(replacement) });
  }

  // Query parameters.
  const sortValues = operation.queryParams.find((parameter) => parameter.name === 'sort')?.schema?.enum ?? [
    undefined,
  ];
  for (const parameter of operation.queryParams) {
    const schema = parameter.schema ?? {};
    const real = nonNullVariant(document, schema);
    const set = (value: string) => ({ query: { ...valid.query, [parameter.name]: value } });
    add(`query ${parameter.name}: a NUL byte`, set(NUL));
    add(`query ${parameter.name}: a lone surrogate`, {
      rawQuery: `${encodeQuery(valid.query)}&${parameter.name}=%ED%A0%80`,
    });
    add(`query ${parameter.name}: a 100 kB string`, set(HUGE));
    add(`query ${parameter.name}: given twice`, {
      rawQuery: `${encodeQuery(valid.query)}&${parameter.name}=a&${parameter.name}=b`,
    });
    add(`query ${parameter.name}: an unknown word`, set('bogus'));
    if (real.format === 'uuid' || isIdName(parameter.name))
      add(`query ${parameter.name}: an upper-case id`, set(randomUUID().toUpperCase()));
    if (real.format === 'date-time' || real.format === 'date')
      for (const date of BAD_DATES) add(`query ${parameter.name}: the date ${date}`, set(date));
    const type = primaryType(real);
    if (type === 'integer' || type === 'number')
      for (const number of BAD_NUMBERS)
        add(`query ${parameter.name}: the number ${number}`, set(String(number)));
    if (parameter.name === 'cursor') {
      for (const sort of sortValues)
        for (const [index, cursor] of FORGED_CURSORS.entries())
          add(`query cursor: forged cursor ${index + 1}${sort ? ` with sort=${sort}` : ''}`, {
            query: { ...valid.query, ...(sort ? { sort: String(sort) } : {}), cursor },
          });
    }
  }

  // Body fields.
  if (operation.body) {
    const variants = variantsOf(document, operation.body);
    const properties = valid.variant?.properties ?? {};
    const base = valid.body;
    const isObjectBody = base !== null && typeof base === 'object' && !Array.isArray(base);
    if (isObjectBody) {
      for (const [field, schema] of Object.entries(properties)) {
        const current = (base as Record<string, unknown>)[field];
        for (const [name, value] of fieldValues(document, schema, current))
          add(`body ${field}: ${name}`, { body: { ...(base as object), [field]: value } });
      }
      for (const field of valid.variant?.required ?? []) {
        const { [field]: _omitted, ...rest } = base as Record<string, unknown>;
        add(`body without required ${field}`, { body: rest });
      }
      add('body with an extra field', { body: { ...(base as object), unexpectedField: 'x' } });
      add('an empty body {}', { body: {} });
      for (const [index, variant] of variants.slice(1).entries())
        add(`body alternative ${index + 2}`, { body: sampleValue(valid.context, variant) });
    } else {
      for (const [name, value] of fieldValues(document, operation.body, base))
        add(`body: ${name}`, { body: value });
    }
    add('a JSON array body', { body: [] });
    add('a JSON null body', { payload: 'null' });
    add('a JSON string body', { body: 'x' });
    add('1,000 nested arrays as the body', { payload: DEEP_ARRAYS });
    add('1,000 nested objects as the body', { payload: DEEP_OBJECTS });
    add('malformed JSON', { payload: '{"a":' });
    add('an empty JSON body', { payload: '' });
    add('no body at all', { body: undefined });
    const text = JSON.stringify(base);
    add('the body as text/plain', { payload: text, headers: { 'content-type': 'text/plain' } });
    add('the body as a form', {
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    add('the body as XML', { payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    add('the body with a bogus charset', {
      payload: text,
      headers: { 'content-type': 'application/json; charset=utf-1' },
    });
  } else {
    add('an unexpected JSON body', { payload: '{"unexpected":true}' });
  }

  // Headers.
  for (const zone of BAD_TIMEZONES)
    add(`X-Timezone ${zone.slice(0, 20)}`, { headers: { 'x-timezone': zone } });
  if (!operation.isPublic) {
    add('a garbage token', { headers: { authorization: 'Bearer garbage' } });
    add('a malformed JWT', { headers: { authorization: 'Bearer a.b.c' } });
  }
  // Last, as it may end the state the others need (deleting the account, signing out).
  add('the valid request', {});
  return cases;
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the results' order. */
async function mapLimited<Item, Result>(items: Item[], limit: number, work: (item: Item) => Promise<Result>) {
  const results: Result[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index] as Item);
      }
    }),
  );
  return results;
}

const logLines: string[] = [];
let t: TestApp;
let document: OpenApiDocument;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
  });
  ({ document, operations } = await loadOpenApi(t));
});
afterAll(() => t.close());

const send = (entry: Case) =>
  t.app.inject({
    method: entry.operation.method,
    url: entry.url,
    headers: entry.headers,
    ...(entry.payload === undefined ? {} : { payload: entry.payload }),
  });

describe('hostile input', () => {
  it('never gets a 5xx, and every 4xx has the error shape', async () => {
    const reader = await createActor(t, 'reader');
    // Reads share one user; anything that may change state gets a user of its own.
    const groups = await mapLimited(operations, 3, async (operation) => {
      const actor = operation.method === 'GET' ? reader : await createActor(t, 'hostile');
      return casesFor(document, operation, actor);
    });
    const failures: { entry: Case; status: number; body: string }[] = [];
    await mapLimited(groups, 3, async (cases) => {
      for (const entry of cases) {
        const response = await send(entry);
        let isShaped = response.statusCode < 400;
        if (!isShaped) {
          try {
            const body = response.json();
            isShaped = typeof body.error === 'string' && errorCodes.includes(body.code);
          } catch {
            isShaped = false;
          }
        }
        if (response.statusCode >= 500 || !isShaped)
          failures.push({ entry, status: response.statusCode, body: response.body.slice(0, 200) });
      }
    });
    expect(groups.flat().length).toBeGreaterThan(500);

    // Each failure again, alone, to pair it with what the server logged.
    const report: string[] = [];
    for (const failure of failures) {
      const before = logLines.length;
      await send(failure.entry);
      const logged = logLines
        .slice(before)
        .map((line) => {
          const parsed = JSON.parse(line) as { err?: { message?: string } };
          return parsed.err?.message?.replace(/\s+/g, ' ').slice(0, 300);
        })
        .filter(Boolean)
        .join(' | ');
      report.push(
        `${failure.entry.operation.name} [${failure.entry.name}] → ${failure.status} ${failure.status >= 500 ? logged : failure.body}`,
      );
    }
    expect(report, report.join('\n')).toEqual([]);
  }, 60_000);
});
