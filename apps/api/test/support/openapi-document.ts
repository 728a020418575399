import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';

/** The parts of JSON Schema the contracts produce; everything else is carried along untouched. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };

type OpenApiOperation = {
  parameters?: Parameter[];
  security?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Operation = {
  method: HttpMethod;
  /** The OpenAPI path, e.g. /api/v1/tasks/{taskId}/checklist-items/{itemId}. */
  path: string;
  /** "METHOD path", for messages. */
  name: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, dereferenced at the top. */
  body: JsonSchema | undefined;
  /** The body's media type when it is not JSON. */
  bodyMediaType: string | undefined;
  /** Declared with `security: []`: callable without signing in. */
  isPublic: boolean;
};

/** The OpenAPI document the running app serves, and its operations in a stable order. */
export async function loadOpenApi(
  t: TestApp,
): Promise<{ document: OpenApiDocument; operations: Operation[] }> {
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(methods)) {
      const method = lowerMethod.toUpperCase() as HttpMethod;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      const bodyMediaType = Object.keys(content).find((type) => type !== 'application/json');
      operations.push({
        method,
        path,
        name: `${method} ${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: jsonBody ? resolveSchema(document, jsonBody) : undefined,
        bodyMediaType,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return { document, operations };
}

/** Follows `$ref`s into components/schemas. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`Unresolvable schema reference ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The alternatives of a union, or the schema itself. */
export function variantsOf(document: OpenApiDocument, schema: JsonSchema): JsonSchema[] {
  const resolved = resolveSchema(document, schema);
  const union = resolved.oneOf ?? resolved.anyOf;
  if (!union) return [resolved];
  return union.flatMap((variant) => variantsOf(document, variant));
}

const isNullSchema = (schema: JsonSchema) => schema.type === 'null';

/** The first alternative that is not null (a nullable field's real type). */
export function nonNullVariant(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const variants = variantsOf(document, schema).filter((variant) => !isNullSchema(variant));
  return variants[0] ?? resolveSchema(document, schema);
}

export function primaryType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.enum) return typeof schema.enum[0];
  return undefined;
}

/** A field that names a resource: `id`, `ids`, or a name ending in Id or Ids. */
export function isIdName(name: string): boolean {
  return name === 'id' || name === 'ids' || /[a-z]Ids?$/.test(name);
}

/** Whether a (non-null) schema holds uuids, or an array of them. */
export function holdsIds(document: OpenApiDocument, schema: JsonSchema): 'one' | 'many' | undefined {
  const real = nonNullVariant(document, schema);
  if (primaryType(real) === 'array' && real.items) {
    return nonNullVariant(document, real.items).format === 'uuid' ? 'many' : undefined;
  }
  if (variantsOf(document, schema).some((variant) => variant.format === 'uuid')) return 'one';
  return undefined;
}

/** The URL of an operation with its path parameters filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

export function withQuery(url: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

export type SampleContext = {
  document: OpenApiDocument;
  /** A value for a field that names a resource; `many` for arrays of ids. */
  idFor(name: string, many: boolean): string | string[];
  /** Makes e-mail addresses and user names unique. */
  unique: string;
  /** Values for fields by name, e.g. the caller's refresh token. */
  known?: Record<string, unknown>;
};

// Values some fields need to be more than well-formed (a real zone, a known currency, a strong password).
const valuesByName: Record<string, (unique: string) => unknown> = {
  username: (unique) => `user${unique}`,
  email: (unique) => `user${unique}@example.com`,
  password: () => 'Correct-Horse1',
  currentPassword: () => 'Correct-Horse1',
  newPassword: () => 'Another-Horse2',
  timezone: () => 'Europe/Berlin',
  currency: () => 'EUR',
};

// Tried in order against a string field's pattern when no better value is known.
const patternCandidates = ['sample', 'EUR', '12', '09:30', '#336699', '2030-01-02', 'a'];

/** A valid value for a schema: required properties only, first alternatives, lower bounds. */
export function sampleValue(context: SampleContext, schema: JsonSchema, name?: string): unknown {
  const { document } = context;
  if (name && isIdName(name)) {
    const ids = holdsIds(document, schema);
    if (ids) return context.idFor(name, ids === 'many');
  }
  const resolved = resolveSchema(document, schema);
  if (resolved.allOf?.[0]) return sampleValue(context, resolved.allOf[0], name);
  const real = nonNullVariant(document, resolved);
  if (real.const !== undefined) return real.const;
  if (real.enum) return real.enum[0];
  if (name && context.known && name in context.known) return context.known[name];
  if (name && valuesByName[name]) return valuesByName[name](context.unique);
  switch (primaryType(real)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const key of real.required ?? []) {
        const property = real.properties?.[key];
        if (property) result[key] = sampleValue(context, property, key);
      }
      return result;
    }
    case 'array': {
      const count = real.minItems ?? 0;
      return Array.from({ length: count }, () => sampleValue(context, real.items ?? {}, undefined));
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, real.minimum ?? 1), real.maximum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(context, real);
    default:
      return 'sample';
  }
}

function sampleString(context: SampleContext, schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return '2030-01-02T03:04:05.000Z';
    case 'date':
      return '2030-01-02';
    case 'email':
      return `user${context.unique}@example.com`;
  }
  const fits = (value: string) =>
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern).test(value));
  const candidates = [...patternCandidates, 'a'.repeat(Math.max(1, schema.minLength ?? 1))];
  return candidates.find(fits) ?? 'sample';
}

// Fields of which a request names exactly one, a rule the schema cannot express (a placement).
const exclusiveFieldGroups = [['position', 'afterId', 'beforeId']];

/** Completes a sampled body for rules beyond its schema: of each exclusive group, exactly one field. */
export function completeBody(
  context: SampleContext,
  schema: JsonSchema,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const properties = schema.properties ?? {};
  for (const group of exclusiveFieldGroups) {
    const members = group.filter((field) => field in properties);
    if (members.length < 2) continue;
    const present = members.filter((field) => field in body);
    const first = members[0] as string;
    if (present.length === 0) body[first] = sampleValue(context, properties[first] ?? {}, first);
    else for (const field of present.slice(1)) delete body[field];
  }
  return body;
}
