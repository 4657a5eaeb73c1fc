/**
 * A copy of a JSON-like value whose long strings are cut to `max` characters with a marker
 * saying how much went, so a record (an audit row) stays small whatever a caller passed.
 */
export function capStrings<T>(value: T, max: number): T {
  return cap(value, max, 0) as T;
}

function cap(value: unknown, max: number, depth: number): unknown {
  if (typeof value === 'string') {
    if (value.length <= max) return value;
    const cut = value.length - max;
    return `${value.slice(0, max)}… [${cut} character${cut === 1 ? '' : 's'} cut]`;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => cap(item, max, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, cap(inner, max, depth + 1)]),
  );
}
