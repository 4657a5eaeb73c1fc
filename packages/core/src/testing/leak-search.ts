/**
 * Looks for secrets in what a test collected (answers, log lines, database files), many secrets
 * through many megabytes at once: a rolling hash of each secret's first bytes finds candidate
 * places in one pass, where a search per secret would read every sink once per secret.
 */

/** The shortest secret form looked for; shorter ones would match by chance. */
const WINDOW = 8;
const BASE = 257;
/** A flag per hash bucket: most places hash to no secret, and a typed array says so fastest. */
const BUCKETS = 1 << 22;

/**
 * The forms a credential may take in a sink: as it is, URL- and form-encoded, JSON-escaped,
 * URL-encoded twice (a URL carried inside another URL), and its start without the last two
 * characters (a text cut inside it).
 */
export function leakForms(value: string): string[] {
  const encoded = encodeURIComponent(value);
  const forms = [
    value,
    encoded,
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(encoded),
    value.slice(0, -2),
  ];
  return [...new Set(forms)].filter((form) => form.length >= WINDOW);
}

export interface Leak {
  /** Whose the secret is. */
  owner: string;
  /** The sink it was found in. */
  where: string;
  /** The text around it. */
  context: string;
}

/** Every secret form (mapped to whose it is) found in any of the sinks (by name). */
export function findLeaks(
  secrets: ReadonlyMap<string, string>,
  sinks: ReadonlyMap<string, string | Buffer>,
): Leak[] {
  const byHash = new Map<number, Array<{ owner: string; bytes: Buffer }>>();
  const filter = new Uint8Array(BUCKETS);
  for (const [form, owner] of secrets) {
    const bytes = Buffer.from(form);
    if (bytes.length < WINDOW) throw new Error(`${owner}: "${form}" is too short to look for`);
    const key = hash(bytes, 0);
    byHash.set(key, [...(byHash.get(key) ?? []), { owner, bytes }]);
    filter[key & (BUCKETS - 1)] = 1;
  }
  let top = 1; // BASE^(WINDOW-1), to take the oldest byte out of the rolling hash
  for (let i = 1; i < WINDOW; i++) top = Math.imul(top, BASE) >>> 0;
  const leaks: Leak[] = [];
  for (const [where, sink] of sinks) {
    const text = typeof sink === 'string' ? Buffer.from(sink) : sink;
    if (text.length < WINDOW) continue;
    let rolling = hash(text, 0);
    for (let at = 0; ; at++) {
      const candidates = filter[rolling & (BUCKETS - 1)] ? byHash.get(rolling) : undefined;
      for (const candidate of candidates ?? []) {
        const end = at + candidate.bytes.length;
        if (end <= text.length && text.subarray(at, end).equals(candidate.bytes))
          leaks.push({
            owner: candidate.owner,
            where,
            context: text.subarray(Math.max(0, at - 60), end + 20).toString('latin1'),
          });
      }
      if (at + WINDOW >= text.length) break;
      const out = Math.imul(text[at] as number, top) >>> 0;
      rolling = (Math.imul((rolling - out) >>> 0, BASE) + (text[at + WINDOW] as number)) >>> 0;
    }
  }
  return leaks;
}

function hash(bytes: Buffer, from: number): number {
  let value = 0;
  for (let i = from; i < from + WINDOW; i++)
    value = (Math.imul(value, BASE) + (bytes[i] as number)) >>> 0;
  return value;
}
