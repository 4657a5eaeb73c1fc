/**
 * Instructions smuggled in an encoding the model can read but a phrase pattern cannot: base64,
 * hex, or the text written backwards. Each candidate is decoded and the decoded text is handed
 * back to the caller's phrase check, so an encoded harmless blob (an image, a hash) stays quiet.
 */
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,8192}={0,2}/g;
const HEX_RUN = /\b(?:[0-9a-fA-F]{2}[\s:]?){16,4096}/g;
/** A written-backwards payload is a sentence or two; reversing whole pages would double the cost. */
const REVERSED_MAX = 4096;

/** Mostly printable text: a decoded image or a random key is not. */
function readable(text: string): boolean {
  if (text.length < 12) return false;
  const printable = text.match(/[\p{L}\p{N}\p{P}\s]/gu)?.length ?? 0;
  return printable / text.length > 0.9;
}

/** Decoded forms of the text worth a second look: base64 and hex runs, and the text reversed. */
export function decodedCandidates(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    );
    if (readable(decoded)) out.push(decoded);
  }
  for (const [run] of text.matchAll(HEX_RUN)) {
    const decoded = Buffer.from(run.replace(/[\s:]/g, ''), 'hex').toString('utf8');
    if (readable(decoded)) out.push(decoded);
  }
  if (text.length <= REVERSED_MAX) out.push([...text].reverse().join(''));
  return out;
}
