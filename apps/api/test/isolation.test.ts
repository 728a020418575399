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
  type OpenApiDocument,
  type Operation,
  sampleValue,
  variantsOf,
  withQuery,
} from './support/openapi-document';
import {
  type Actor,
  createActor,
  FixtureWorld,
  fixtureMakers,
  kindOf,
  missingFixtureMessage,
  sharedKinds,
  snapshotUserRows,
  userOwnedTables,
} from './support/openapi-fixtures';
import { makePremium } from './support/plan-helpers';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Generated from the OpenAPI document: every operation under /api/v1 that names a resource (a path
 * id, or a body or query field ending in Id/Ids) is called by a second user with the first user's
 * ids, one id at a time, everything else being the caller's own valid values. It must answer 404
 * (400 or 404 for an id used as a reference in a body or query), leak nothing, and change nothing.
 */

type Slot = { location: 'path' | 'query' | 'body'; name: string; many: boolean; kind: string | undefined };

type Plan = {
  operation: Operation;
  /** The body alternative the cases use (a union body gets a plan per alternative). */
  variant: JsonSchema | undefined;
  slots: Slot[];
  label: string;
};

function planOperation(document: OpenApiDocument, operation: Operation): Plan[] {
  const slotOf = (location: Slot['location'], name: string, schema: JsonSchema | undefined): Slot[] => {
    if (!isIdName(name)) return [];
    const ids = schema ? holdsIds(document, schema) : 'one';
    if (!ids && location !== 'path') return [];
    return [{ location, name, many: ids === 'many', kind: kindOf(operation.path, location, name) }];
  };
  const common = [
    ...operation.pathParams.flatMap((parameter) => slotOf('path', parameter.name, parameter.schema)),
    ...operation.queryParams.flatMap((parameter) => slotOf('query', parameter.name, parameter.schema)),
  ];
  const variants = operation.body ? variantsOf(document, operation.body) : [undefined];
  return variants.flatMap((variant, index) => {
    const bodySlots = Object.entries(variant?.properties ?? {}).flatMap(([name, schema]) =>
      slotOf('body', name, schema),
    );
    const slots = [...common, ...bodySlots];
    if (slots.length === 0) return [];
    const label = variants.length > 1 ? `${operation.name} (body alternative ${index + 1})` : operation.name;
    return [{ operation, variant, slots, label }];
  });
}

type Built = { url: string; body: unknown };

type IdSource = Pick<FixtureWorld, 'get'>;

/** Ids that were never made: what a foreign id must be indistinguishable from. */
const nowhere: IdSource = { get: async () => randomUUID() };

/**
 * Builds one request: every slot in `included` gets an id (from the owner's world for the foreign
 * slots, the caller's otherwise); the nth use of a kind within a request takes the nth fixture.
 */
async function buildRequest(options: {
  document: OpenApiDocument;
  plan: Plan;
  included: Slot[];
  foreign: Set<Slot>;
  owner: IdSource;
  caller: IdSource;
}): Promise<Built> {
  const { document, plan } = options;
  const ids = new Map<string, string>();
  const uses = new Map<string, number>();
  for (const slot of options.included) {
    if (!slot.kind || !fixtureMakers[slot.kind])
      throw new Error(missingFixtureMessage(String(slot.kind), plan.label));
    const index = uses.get(slot.kind) ?? 0;
    uses.set(slot.kind, index + 1);
    const world = options.foreign.has(slot) ? options.owner : options.caller;
    ids.set(`${slot.location}:${slot.name}`, await world.get(slot.kind, index));
  }
  const context = (location: Slot['location']) => ({
    document,
    unique: Math.random().toString(36).slice(2, 10),
    idFor(name: string, many: boolean) {
      const id = ids.get(`${location}:${name}`);
      if (!id) throw new Error(`${plan.label}: no fixture planned for ${location} field ${name}`);
      return many ? [id] : id;
    },
  });
  const pathValues: Record<string, string> = {};
  for (const parameter of plan.operation.pathParams) {
    pathValues[parameter.name] = String(sampleValue(context('path'), parameter.schema ?? {}, parameter.name));
  }
  const query: Record<string, string> = {};
  for (const parameter of plan.operation.queryParams) {
    const isIncluded = options.included.some(
      (slot) => slot.location === 'query' && slot.name === parameter.name,
    );
    if (parameter.required || isIncluded)
      query[parameter.name] = String(sampleValue(context('query'), parameter.schema ?? {}, parameter.name));
  }
  let body: unknown;
  if (plan.variant) {
    body = sampleValue(context('body'), plan.variant);
    for (const slot of options.included) {
      if (slot.location === 'body' && body && typeof body === 'object') {
        const id = ids.get(`body:${slot.name}`) as string;
        (body as Record<string, unknown>)[slot.name] = slot.many ? [id] : id;
      }
    }
    if (body && typeof body === 'object' && !Array.isArray(body))
      body = completeBody(context('body'), plan.variant, body as Record<string, unknown>);
  }
  return { url: withQuery(fillPath(plan.operation.path, pathValues), query), body };
}

/** The slots a request always carries: path ids and required body ids. */
function requiredSlots(plan: Plan): Slot[] {
  const required = new Set(plan.variant?.required ?? []);
  return plan.slots.filter(
    (slot) => slot.location === 'path' || (slot.location === 'body' && required.has(slot.name)),
  );
}

let t: TestApp;
let document: OpenApiDocument;
let plans: Plan[];
let owner: Actor;
let intruder: Actor;

beforeAll(async () => {
  t = await createTestApp();
  const loaded = await loadOpenApi(t);
  document = loaded.document;
  plans = loaded.operations
    .filter((operation) => operation.path.startsWith('/api/v1/'))
    // Administrators reach every user's data by design; admin.test.ts checks others get 404 there.
    .filter((operation) => !operation.path.startsWith('/api/v1/admin/'))
    .flatMap((operation) => planOperation(document, operation));
  owner = await createActor(t, 'owner');
  intruder = await createActor(t, 'intruder');
  // The fixtures make more lists, trackers and charts than the free plan allows.
  await Promise.all([makePremium(t, owner.userId), makePremium(t, intruder.userId)]);
});
afterAll(() => t.close());

describe("another user's ids", () => {
  it('are found in the document for every kind the fixtures know', () => {
    // Guards the generator itself: if it finds no slots, every case below would pass vacuously.
    const kinds = new Set(plans.flatMap((plan) => plan.slots.map((slot) => slot.kind)));
    for (const kind of Object.keys(fixtureMakers)) expect(kinds, kind).toContain(kind);
    expect(plans.length).toBeGreaterThan(20);
  });

  it('resolve to a fixture on every operation that names a resource', () => {
    const missing = plans.flatMap((plan) =>
      plan.slots
        .filter((slot) => !slot.kind || !fixtureMakers[slot.kind])
        .map((slot) =>
          missingFixtureMessage(String(slot.kind), `${plan.label}, ${slot.location} ${slot.name}`),
        ),
    );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('answer 404 (or 400 for a body or query reference), leak nothing and change nothing', async () => {
    const failures: string[] = [];
    const ownerWorld = new FixtureWorld(owner);
    const tables = await userOwnedTables(t);
    const mustHold = (condition: boolean, message: string) => {
      if (!condition) failures.push(message);
    };
    for (const plan of plans) {
      if (plan.slots.some((slot) => !slot.kind || !fixtureMakers[slot.kind])) continue;
      const base = requiredSlots(plan);
      // A shared kind's id (a currency) is everyone's: it is never another user's to refuse.
      const isOwned = (slot: Slot) => !sharedKinds.has(String(slot.kind));
      const cases: { name: string; included: Slot[]; foreign: Slot[] }[] = plan.slots
        .filter(isOwned)
        .map((slot) => ({
          name: `${slot.location} ${slot.name}`,
          included: base.includes(slot) ? base : [...base, slot],
          foreign: [slot],
        }));
      const ownedBase = base.filter(isOwned);
      if (ownedBase.length > 1) cases.push({ name: 'every id', included: base, foreign: ownedBase });

      for (const attempt of cases) {
        // Fresh fixtures for the caller per case: the control call below may delete or move them.
        // The owner's are shared, as nothing the caller does may change them.
        const callerWorld = new FixtureWorld(intruder);
        const request = (foreign: Slot[], source: IdSource = ownerWorld) =>
          buildRequest({
            document,
            plan,
            included: attempt.included,
            foreign: new Set(foreign),
            owner: source,
            caller: callerWorld,
          });
        const hostile = await request(attempt.foreign);
        const unknown = await request(attempt.foreign, nowhere);
        const own = await request([]);
        const label = `${plan.label} with the other user's ${attempt.name}`;
        const ownerBefore = await snapshotUserRows(t, owner.userId, tables);
        const callerBefore = await snapshotUserRows(t, intruder.userId, tables);

        const response = await intruder.call(plan.operation.method, hostile.url, hostile.body);
        const isReference = attempt.foreign.every((slot) => slot.location !== 'path');
        const allowed = isReference ? [400, 404] : [404];
        const isFilter = attempt.foreign.every((slot) => slot.location === 'query');
        // A filter may answer an empty result instead, but only exactly as it does for an id that never existed.
        const isEmptyAnswer = isFilter && response.status === 200;
        mustHold(
          (allowed.includes(response.status) && (isReference || response.body.code === 'NOT_FOUND')) ||
            isEmptyAnswer,
          `${label}: expected ${allowed.join(' or ')}, got ${response.status} ${response.text.slice(0, 300)}`,
        );
        if (response.status >= 400) {
          mustHold(
            typeof response.body.error === 'string' &&
              errorCodes.includes(response.body.code as (typeof errorCodes)[number]),
            `${label}: not the error shape: ${response.text.slice(0, 300)}`,
          );
        }
        mustHold(!response.text.includes(owner.marker), `${label}: the answer shows the other user's data`);
        mustHold(
          JSON.stringify(await snapshotUserRows(t, owner.userId, tables)) === JSON.stringify(ownerBefore),
          `${label}: the other user's rows changed`,
        );
        mustHold(
          JSON.stringify(await snapshotUserRows(t, intruder.userId, tables)) === JSON.stringify(callerBefore),
          `${label}: the caller's own rows changed although the call failed`,
        );

        const missing = await intruder.call(plan.operation.method, unknown.url, unknown.body);
        mustHold(
          missing.status === response.status &&
            missing.body.code === response.body.code &&
            (response.status >= 400 || missing.text === response.text),
          `${label}: answered ${response.status} ${response.text.slice(0, 200)}, unlike an id that does not exist (${missing.status} ${missing.text.slice(0, 200)})`,
        );
        // The same call with the caller's own ids must get past the lookup, so the foreign id was the cause.
        const control = await intruder.call(plan.operation.method, own.url, own.body);
        mustHold(
          control.status < 500 && control.status !== 404,
          `${label}: the same call with the caller's own ids answered ${control.status} ${control.text.slice(0, 300)}, so the case proves nothing`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);
});
