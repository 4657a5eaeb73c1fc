import { z } from 'zod';

/** A manifest's input_schema that is outside the subset custom skills accept. */
export class SchemaError extends Error {
  constructor(
    readonly at: string,
    message: string,
  ) {
    super(`input_schema${at}: ${message}`);
    this.name = 'SchemaError';
  }
}

type Json = Record<string, unknown>;

const COMMON = ['type', 'description', 'title', 'default', 'examples'];
const KEYWORDS: Record<string, string[]> = {
  string: [...COMMON, 'minLength', 'maxLength', 'enum', 'pattern'],
  number: [...COMMON, 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum'],
  integer: [...COMMON, 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum'],
  boolean: COMMON,
  array: [...COMMON, 'items', 'minItems', 'maxItems'],
  object: [...COMMON, 'properties', 'required', 'additionalProperties'],
};
const MAX_DEPTH = 8;

/**
 * Turns the JSON Schema of a custom skill's manifest into a zod schema, so its calls are
 * validated like every built-in skill's and /api/skills and the model see the same schema.
 * The subset: an object at the top; properties of type string (minLength, maxLength, enum,
 * pattern), number and integer (minimum, maximum, exclusive bounds, enum), boolean, array
 * (items, minItems, maxItems) and object (properties, required, additionalProperties: false);
 * description, title, default and examples anywhere. Anything else is refused, not ignored,
 * so a schema never promises a check that is not made.
 */
export function jsonSchemaToZod(schema: unknown): z.ZodType<Record<string, unknown>> {
  const root = asObject(schema, '');
  if (root.type !== 'object') throw new SchemaError('', 'must be of type "object"');
  return convert(root, '', 0) as z.ZodType<Record<string, unknown>>;
}

function convert(schema: Json, at: string, depth: number): z.ZodType {
  if (depth > MAX_DEPTH) throw new SchemaError(at, `is nested deeper than ${MAX_DEPTH} levels`);
  const type = schema.type;
  if (typeof type !== 'string' || !(type in KEYWORDS)) {
    throw new SchemaError(at, `type must be one of ${Object.keys(KEYWORDS).join(', ')}`);
  }
  const allowed = KEYWORDS[type] as string[];
  const unknown = Object.keys(schema).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new SchemaError(at, `unsupported keyword(s) for ${type}: ${unknown.join(', ')}`);
  }
  let result = byType(type, schema, at, depth);
  if (typeof schema.description === 'string') result = result.describe(schema.description);
  if ('default' in schema) {
    const check = result.safeParse(schema.default);
    if (!check.success) throw new SchemaError(`${at}.default`, 'does not match the schema');
    result = result.default(check.data);
  }
  return result;
}

function byType(type: string, schema: Json, at: string, depth: number): z.ZodType {
  switch (type) {
    case 'string': {
      if (schema.enum !== undefined) return z.enum(stringList(schema.enum, `${at}.enum`));
      let result = z.string();
      const min = count(schema.minLength, `${at}.minLength`);
      const max = count(schema.maxLength, `${at}.maxLength`);
      if (min !== undefined) result = result.min(min);
      if (max !== undefined) result = result.max(max);
      if (schema.pattern !== undefined) result = result.regex(pattern(schema.pattern, at));
      return result;
    }
    case 'number':
    case 'integer': {
      if (schema.enum !== undefined) return numberEnum(schema.enum, `${at}.enum`);
      let result = type === 'integer' ? z.number().int() : z.number();
      const bound = (key: string) => finite(schema[key], `${at}.${key}`);
      const [min, max, above, below] = [
        bound('minimum'),
        bound('maximum'),
        bound('exclusiveMinimum'),
        bound('exclusiveMaximum'),
      ];
      if (min !== undefined) result = result.min(min);
      if (max !== undefined) result = result.max(max);
      if (above !== undefined) result = result.gt(above);
      if (below !== undefined) result = result.lt(below);
      return result;
    }
    case 'boolean':
      return z.boolean();
    case 'array': {
      const items =
        schema.items === undefined
          ? z.unknown()
          : convert(asObject(schema.items, `${at}.items`), `${at}.items`, depth + 1);
      let result = z.array(items);
      const min = count(schema.minItems, `${at}.minItems`);
      const max = count(schema.maxItems, `${at}.maxItems`);
      if (min !== undefined) result = result.min(min);
      if (max !== undefined) result = result.max(max);
      return result;
    }
    default:
      return objectSchema(schema, at, depth);
  }
}

function objectSchema(schema: Json, at: string, depth: number): z.ZodType {
  const properties = asObject(schema.properties ?? {}, `${at}.properties`);
  const required: string[] =
    schema.required === undefined ? [] : stringList(schema.required, `${at}.required`);
  for (const name of required) {
    if (!(name in properties))
      throw new SchemaError(`${at}.required`, `names unknown property "${name}"`);
  }
  const shape: Record<string, z.ZodType> = {};
  for (const [name, property] of Object.entries(properties)) {
    const inner = convert(
      asObject(property, `${at}.properties.${name}`),
      `${at}.properties.${name}`,
      depth + 1,
    );
    shape[name] = required.includes(name) ? inner : inner.optional();
  }
  const extra = schema.additionalProperties;
  if (extra !== undefined && typeof extra !== 'boolean') {
    throw new SchemaError(`${at}.additionalProperties`, 'must be true or false');
  }
  // Unknown fields are dropped by default (the program never sees them); false refuses them.
  return extra === false ? z.strictObject(shape) : z.object(shape);
}

function asObject(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SchemaError(at, 'must be an object');
  }
  return value as Json;
}

function stringList(value: unknown, at: string): [string, ...string[]] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
    throw new SchemaError(at, 'must be a non-empty list of strings');
  }
  return value as [string, ...string[]];
}

function numberEnum(value: unknown, at: string): z.ZodType {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'number')) {
    throw new SchemaError(at, 'must be a non-empty list of numbers');
  }
  const [first, ...rest] = value.map((v: number) => z.literal(v));
  return rest.length === 0 ? (first as z.ZodType) : z.union([first as z.ZodType, ...rest]);
}

function count(value: unknown, at: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new SchemaError(at, 'must be a whole number of at least 0');
  }
  return value;
}

function finite(value: unknown, at: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new SchemaError(at, 'must be a number');
  return value;
}

function pattern(value: unknown, at: string): RegExp {
  if (typeof value !== 'string') throw new SchemaError(`${at}.pattern`, 'must be a string');
  try {
    // JSON Schema patterns use Unicode semantics; 'u' also rejects sloppy escapes.
    return new RegExp(value, 'u');
  } catch (error) {
    throw new SchemaError(`${at}.pattern`, (error as Error).message);
  }
}
