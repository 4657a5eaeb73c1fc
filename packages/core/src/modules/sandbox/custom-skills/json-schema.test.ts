import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaToZod } from './json-schema.js';

const schema = jsonSchemaToZod({
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2, maxLength: 40, description: 'City name' },
    units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    verbose: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 3 },
    where: {
      type: 'object',
      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
      required: ['lat', 'lon'],
      additionalProperties: false,
    },
  },
  required: ['city'],
});

describe('JSON Schema of custom skills', () => {
  it('accepts valid input, applying defaults and dropping unknown fields', () => {
    expect(schema.parse({ city: 'Oslo', days: 3, tags: ['a'], extra: 1 })).toEqual({
      city: 'Oslo',
      units: 'metric',
      days: 3,
      tags: ['a'],
    });
    expect(schema.parse({ city: 'Rome', where: { lat: 1, lon: 2 }, verbose: true })).toMatchObject({
      where: { lat: 1, lon: 2 },
    });
  });

  it('refuses input outside the schema, naming the field', () => {
    const problems = (input: unknown) =>
      schema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(problems({})).toEqual(['city']);
    expect(problems({ city: 'X' })).toEqual(['city']);
    expect(problems({ city: 'Oslo', units: 'kelvin' })).toEqual(['units']);
    expect(problems({ city: 'Oslo', days: 2.5 })).toEqual(['days']);
    expect(problems({ city: 'Oslo', days: 8 })).toEqual(['days']);
    expect(problems({ city: 'Oslo', ratio: 1 })).toEqual(['ratio']);
    expect(problems({ city: 'Oslo', tags: ['a', 'b', 'c', 'd'] })).toEqual(['tags']);
    expect(problems({ city: 'Oslo', tags: ['A'] })).toEqual(['tags.0']);
    expect(problems({ city: 'Oslo', where: { lat: 1 } })).toEqual(['where.lon']);
    expect(problems({ city: 'Oslo', where: { lat: 1, lon: 2, alt: 3 } })).toEqual(['where']);
  });

  it('keeps descriptions, so the model sees the same schema', () => {
    const json = z.toJSONSchema(schema, { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(json.properties.city?.description).toBe('City name');
    expect(json.required).toEqual(['city']);
  });

  it('refuses what it cannot check, rather than ignore it', () => {
    const refusal = (input: unknown) => {
      try {
        jsonSchemaToZod(input);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal({ type: 'array' })).toBe('input_schema: must be of type "object"');
    expect(refusal('nope')).toBe('input_schema: must be an object');
    expect(
      refusal({ type: 'object', properties: { a: { type: 'string', format: 'email' } } }),
    ).toBe('input_schema.properties.a: unsupported keyword(s) for string: format');
    expect(refusal({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toBe(
      'input_schema.properties.a: type must be one of string, number, integer, boolean, array, object',
    );
    expect(refusal({ type: 'object', properties: {}, required: ['ghost'] })).toBe(
      'input_schema.required: names unknown property "ghost"',
    );
    expect(
      refusal({ type: 'object', properties: { a: { type: 'string', pattern: '(' } } }),
    ).toMatch(/^input_schema\.properties\.a\.pattern: Invalid regular expression/);
    expect(refusal({ type: 'object', oneOf: [] })).toBe(
      'input_schema: unsupported keyword(s) for object: oneOf',
    );
    expect(refusal({ type: 'object', properties: { n: { type: 'integer', default: 'x' } } })).toBe(
      'input_schema.properties.n.default: does not match the schema',
    );
  });
});
