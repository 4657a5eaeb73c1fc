/**
 * Rows for a multi-row insert as one JSON parameter, read back by `jsonb_to_recordset`: a batch
 * is one value to send and one to parse, where a parameter per column per row cost the query
 * builder and the driver a few microseconds each (bench/README.md, fast path).
 *
 * jsonb refuses `\u0000` and an unpaired surrogate, which JSON.stringify writes as escapes (it
 * escapes nothing else of the kind). A text parameter would have carried an unpaired surrogate
 * as U+FFFD; both become U+FFFD here, so one odd character cannot hold a batch back for good.
 */
export function jsonRows(rows: readonly object[]): string {
  const json = JSON.stringify(rows);
  return json.includes('\\u') ? json.replace(ESCAPE, wellFormed) : json;
}

/** Every escape sequence, taken whole from the left, so `\\` followed by `u` is not misread. */
const ESCAPE = /\\(?:u[0-9a-f]{4}|[^u])/g;
const REFUSED = /^\\u(?:d[89a-f][0-9a-f]{2}|0000)$/;

function wellFormed(sequence: string): string {
  return REFUSED.test(sequence) ? '\\ufffd' : sequence;
}
