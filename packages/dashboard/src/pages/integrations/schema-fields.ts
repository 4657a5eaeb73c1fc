/** A form field for one property of an action's JSON Schema (the params object). */
export interface SchemaField {
  name: string;
  kind: 'text' | 'number' | 'boolean' | 'choice' | 'json';
  required: boolean;
  description: string | undefined;
  choices: string[];
  /** The schema's default, as the form holds it. */
  initial: FieldValue;
}

export type FieldValue = string | number | boolean;

interface Property {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  default?: unknown;
}

const kindOf = (property: Property): SchemaField['kind'] => {
  if (property.enum?.every((value) => typeof value === 'string')) return 'choice';
  const type = Array.isArray(property.type) ? property.type : [property.type];
  if (type.length === 1 && type[0] === 'string') return 'text';
  if (type.length === 1 && (type[0] === 'number' || type[0] === 'integer')) return 'number';
  if (type.length === 1 && type[0] === 'boolean') return 'boolean';
  // Objects, arrays and unions are typed as JSON.
  return 'json';
};

const initialOf = (kind: SchemaField['kind'], value: unknown): FieldValue => {
  if (kind === 'boolean') return value === true;
  if (value === undefined) return '';
  if (kind === 'json') return JSON.stringify(value, null, 2);
  return typeof value === 'number' || typeof value === 'string' ? value : '';
};

/** The fields of an object schema, required ones first. */
export function schemaFields(schema: unknown): SchemaField[] {
  const object = (schema && typeof schema === 'object' ? schema : {}) as {
    properties?: Record<string, Property>;
    required?: string[];
  };
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {})
    .map(([name, property]) => {
      const kind = kindOf(property);
      return {
        name,
        kind,
        required: required.has(name),
        description: property.description,
        choices: kind === 'choice' ? (property.enum as string[]) : [],
        initial: initialOf(kind, property.default),
      };
    })
    .sort((a, b) => Number(b.required) - Number(a.required));
}

export type ParamsResult =
  | { ok: true; params: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

/**
 * The params the form describes: empty optional fields are left out (the runtime applies its
 * defaults), JSON fields are parsed. The runtime validates the rest against the real schema.
 */
export function buildParams(
  fields: SchemaField[],
  values: Record<string, FieldValue>,
): ParamsResult {
  const params: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? field.initial;
    if (field.kind === 'boolean') {
      // Left out while it is the default, so the runtime's own default applies.
      if (field.required || value !== field.initial) params[field.name] = value === true;
      continue;
    }
    if (value === '') {
      if (field.required) errors[field.name] = 'Required';
      continue;
    }
    if (field.kind !== 'json') {
      params[field.name] = value;
      continue;
    }
    try {
      params[field.name] = JSON.parse(String(value));
    } catch {
      errors[field.name] = 'Not valid JSON';
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, params };
}
