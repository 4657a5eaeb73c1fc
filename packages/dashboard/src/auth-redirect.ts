const AFTER_SIGN_IN = '/overview';
/** Printable ASCII without space or backslash: anything else in a Location header is refused. */
const PATH_CHARACTERS = /^[\x21-\x5b\x5d-\x7e]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const REFUSED_DECODED = /[\x00-\x1f\x7f\\]/;

/**
 * Only same-origin paths are followed after sign-in. Control characters, backslashes and a
 * second leading slash are refused in plain and in percent-encoded form (browsers read `/\host`
 * and `//host` as another origin; a line break would split the Location header).
 * The runtime's auth.schema.ts applies the same rule.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || !PATH_CHARACTERS.test(next)) return AFTER_SIGN_IN;
  let decoded = next;
  // Double encoding (%252F) is unwrapped too, a few layers deep.
  for (let layer = 0; layer < 3; layer++) {
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return AFTER_SIGN_IN;
    }
    if (
      REFUSED_DECODED.test(once) ||
      !once.startsWith('/') ||
      once.startsWith('//') ||
      once.startsWith('/login')
    )
      return AFTER_SIGN_IN;
    if (once === decoded) break;
    decoded = once;
  }
  return next;
}

/** The sign-in page, remembering where to come back to. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
