import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** The parts of an OpenAPI operation the fuzzer reads. */
export interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; schema?: JsonSchema }>;
  body: JsonSchema | null;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export function operations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

/** Text a careless handler may trip on: control characters, lone surrogates, quotes, huge runs. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\r\n',
    'a\nb',
    '\ud800',
    '%',
    '%ZZ',
    '../../etc/passwd',
    '..%2f..%2f',
    '<script>',
    "'; drop table x; --",
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    'NaN',
    'true',
    'null',
    '2026-13-45T99:99:99Z',
    '00000000-0000-0000-0000-000000000000',
    '\u202e\u200b',
  ),
  fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
);

const scalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);

/** Any JSON value, nested a little. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
})).value;

/** A value for a field: mostly wrong, sometimes one of the schema's own enum values. */
function fieldValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const choices = schema?.enum ?? schema?.anyOf?.flatMap((s) => s.enum ?? []) ?? [];
  return choices.length > 0 ? fc.oneof(fc.constantFrom(...choices), anyJson) : anyJson;
}

/** An object with some of the declared fields (wrong or right) and maybe a stray one. */
function bodyObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return anyJson;
  return fc.record(
    Object.fromEntries([
      ...properties.map(([name, property]) => [name, fieldValue(property)]),
      ['zz_extra', anyJson],
    ]),
    { requiredKeys: [] },
  );
}

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=latin-9',
  'application/octet-stream',
];

/** A body as a client could send it: JSON, broken JSON, or the wrong content type. */
function payload(schema: JsonSchema | null) {
  const json = schema ? fc.oneof(bodyObject(schema), anyJson) : anyJson;
  return fc.oneof(
    {
      weight: 5,
      arbitrary: json.map((value) => ({
        type: 'application/json',
        body: JSON.stringify(value) ?? 'null',
      })),
    },
    fc.record({
      type: fc.constant('application/json'),
      body: fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"x":1}}'),
      ),
    }),
    fc.record({ type: fc.constantFrom(...WRONG_TYPES), body: fc.string({ maxLength: 200 }) }),
  );
}

const segment = fc.oneof(
  nastyString.map((value) => encodeURIComponent(value.slice(0, 2_000)) || 'x'),
  fc.uuid(),
  fc.constantFrom('%', '%ZZ', '%00', '%2e%2e', '..', '%2F', 'a%0d%0ab', '0', '-1'),
);

const queryValue = nastyString.map((value) => encodeURIComponent(value.slice(0, 5_000)));

/** A request for `operation` with random path parameters, query and body. */
export function requestFor(operation: Operation): fc.Arbitrary<InjectOptions> {
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const sendsBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  return fc
    .record({
      path: fc.tuple(...pathNames.map(() => segment)),
      query: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...queryNames, 'zz'), fc.string({ maxLength: 6 })),
          queryValue,
        ),
        { maxLength: 4 },
      ),
      body: sendsBody ? fc.option(payload(operation.body), { nil: null }) : fc.constant(null),
    })
    .map(({ path, query, body }) => {
      let url = operation.path;
      pathNames.forEach((name, index) => {
        url = url.replace(`{${name}}`, path[index] ?? 'x');
      });
      const search = query.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&');
      return {
        method: operation.method as InjectOptions['method'],
        url: search ? `${url}?${search}` : url,
        ...(body ? { payload: body.body, headers: { 'content-type': body.type } } : {}),
      };
    });
}

/** What an error body must never show: a stack frame, or where the code or its data live. */
export function leaks(body: string, roots: string[]): string | null {
  if (/\n\s+at\s+\S/.test(body) || /\bat [\w.<>]+ \(/.test(body)) return 'a stack trace';
  if (/node_modules|file:\/\/|\.[cm]?[jt]s:\d+/.test(body)) return 'a source location';
  const root = roots.find((r) => body.includes(r));
  return root ? `the path ${root}` : null;
}
