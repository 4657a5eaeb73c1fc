/**
 * Helpers for connectors' `result` mappers: they keep what the model needs of a large vendor
 * answer. Vendor answers are untrusted and their shapes drift, so each helper takes `unknown` and
 * never throws: a missing field is left out, a value that is not a list gives an empty list.
 */

export type Fields = Record<string, unknown>;

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path (`status.state`), or undefined. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The named fields of an object; a dotted name reaches into nested objects and keeps its name. */
export function pick(value: unknown, paths: readonly string[]): Fields {
  const kept: Fields = {};
  for (const path of paths) {
    const field = at(value, path);
    if (field !== undefined && field !== null) kept[path] = field;
  }
  return kept;
}

/** The list at `path` (or the value itself when no path is given); empty when it is not a list. */
export function list(value: unknown, path?: string): unknown[] {
  const found = path ? at(value, path) : value;
  return Array.isArray(found) ? found : [];
}

/** `pick` on each element of a list, at most `limit` of them. */
export function pickEach(items: unknown[], paths: readonly string[], limit = 50): Fields[] {
  return items.slice(0, limit).map((item) => pick(item, paths));
}
