import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as contractSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type SerializerCompiler = (
  ...args: Parameters<FastifySchemaCompiler<z.ZodType>>
) => (data: unknown) => string;

function isDateSchema(schema: { _zod: { def: { type: string } } }): boolean {
  return schema._zod.def.type === 'date';
}

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']`: the compiled serializer
 * picks an anyOf branch by validating the value against each, which costs more than the rest of it.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchema).map(([key, value]) => [key, simplify(value)] as const);
  const schema = Object.fromEntries(entries) as JsonSchema;
  keepPropertyOrder(schema);
  const chosen = chooseBranchByTag(schema);
  if (chosen) return chosen;
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(schema).length === 1) {
    const nullIndex = branches.findIndex(
      (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.anyOf === undefined) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/**
 * A discriminated union (`oneOf`/`anyOf` of objects told apart by one property's `const`) as
 * `if`/`then`/`else` on that property alone: the compiled serializer picks a `oneOf` branch by
 * validating the whole value against each branch, every element of every array included, where an
 * `if` checks the tag and nothing else. A value matching no tag is written as the last branch; the
 * contract check in tests still refuses it.
 */
function chooseBranchByTag(schema: JsonSchema): JsonSchema | undefined {
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (!Array.isArray(branches) || branches.length < 2 || Object.keys(schema).length !== 1) return undefined;
  const tagOf = (branch: JsonSchema) => {
    const properties = branch.properties as Record<string, JsonSchema> | undefined;
    if (branch.type !== 'object' || !properties) return [];
    return Object.keys(properties).filter((key) => properties[key]?.const !== undefined);
  };
  const tag = tagOf(branches[0]!).find((key) => branches.every((branch) => tagOf(branch).includes(key)));
  if (tag === undefined) return undefined;
  const values = branches.map((branch) => (branch.properties as Record<string, JsonSchema>)[tag]!.const);
  if (new Set(values.map((value) => JSON.stringify(value))).size !== values.length) return undefined;
  return branches.reduceRight<JsonSchema | undefined>(
    (otherwise, branch, index) =>
      otherwise === undefined
        ? branch
        : {
            if: { type: 'object', properties: { [tag]: { const: values[index] } }, required: [tag] },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword; this object is never awaited.
            then: branch,
            else: otherwise,
          },
    undefined,
  );
}

/**
 * The compiled serializer writes required properties before optional ones; the contract's order is the
 * one clients see today. Where the two differ, `required` goes: the contract check in tests still
 * enforces it.
 */
function keepPropertyOrder(schema: JsonSchema): void {
  if (!Array.isArray(schema.required) || typeof schema.properties !== 'object' || !schema.properties) return;
  const required = new Set(schema.required as string[]);
  const keys = Object.keys(schema.properties);
  const firstOptional = keys.findIndex((key) => !required.has(key));
  if (firstOptional >= 0 && keys.slice(firstOptional).some((key) => required.has(key)))
    delete schema.required;
}

/** A response schema of the contracts as the JSON Schema of what the API sends (dates as ISO text). */
export function toResponseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    override: (context) => {
      if (isDateSchema(context.zodSchema)) {
        context.jsonSchema.type = 'string';
        context.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * Serialises responses with a serializer compiled once per route and status from the route's contract
 * (fast-json-stringify, Fastify's own), instead of checking every response against the contract with
 * zod and then running JSON.stringify. With `checkContracts` (tests), every response is also checked and
 * serialised the zod way and must come out byte for byte the same, so drift from the contracts, and any
 * difference between the two serialisers, fails loudly there.
 */
export function createResponseSerializerCompiler(options: { checkContracts: boolean }): SerializerCompiler {
  return (route) => {
    const contract = route.schema as z.ZodType;
    const checked = options.checkContracts ? contractSerializerCompiler(route) : undefined;
    const compiled = fastJson(toResponseJsonSchema(contract) as unknown as Parameters<typeof fastJson>[0]);
    if (!checked) return compiled;
    return (data) => {
      const expected = checked(data);
      const actual = compiled(data);
      if (actual !== expected) {
        // Offsets only: a response body may hold tokens, and this message reaches the log.
        let offset = 0;
        while (offset < actual.length && actual[offset] === expected[offset]) offset++;
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled serializer and the contract differ from character ${offset} (${actual.length} against ${expected.length} characters)`,
        );
      }
      return actual;
    };
  };
}
