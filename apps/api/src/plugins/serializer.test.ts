import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toResponseJsonSchema } from './serializer';

const pointSchema = z.object({ id: z.uuid(), value: z.string() });
const shapeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('circle'), radius: z.number(), points: z.array(pointSchema) }),
  z.object({ kind: z.literal('square'), side: z.number(), label: z.string().nullable() }),
  z.object({ kind: z.literal('line'), points: z.array(pointSchema) }),
]);

describe('toResponseJsonSchema', () => {
  it('tells a discriminated union’s branches apart by the tag alone, not by validating every branch', () => {
    const json = JSON.stringify(toResponseJsonSchema(shapeSchema));
    expect(json).not.toContain('"oneOf"');
    expect(json).not.toContain('"anyOf"');
    expect(toResponseJsonSchema(shapeSchema)).toMatchObject({
      if: { properties: { kind: { const: 'circle' } }, required: ['kind'] },
      else: { if: { properties: { kind: { const: 'square' } } } },
    });
  });

  it.each([
    { kind: 'circle', radius: 2, points: [{ id: '0d9c1c5e-8a61-4a8e-9d5e-2f7b6f4b8a10', value: '1.5' }] },
    { kind: 'square', side: 3, label: null },
    { kind: 'square', side: 3, label: 'a "quoted" label' },
    { kind: 'line', points: [] },
  ])('writes the $kind branch as JSON.stringify writes the contract’s output', (value) => {
    const serialize = fastJson(
      toResponseJsonSchema(shapeSchema) as unknown as Parameters<typeof fastJson>[0],
    );
    expect(serialize(value)).toBe(JSON.stringify(shapeSchema.parse(value)));
  });

  it('leaves a union without a shared tag as it was', () => {
    const untagged = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(JSON.stringify(toResponseJsonSchema(untagged))).toContain('"anyOf"');
  });
});
