/**
 * A short token, or a cycle of two or three, repeated dozens of times ("ö ö ö …", ") ] } ) ] } …"):
 * a flood meant to push the model's real instructions out of its attention. Found by walking
 * the tokens once; a regular expression with a backreference would try every start again.
 */
const FLOOD_REPEATS = 30;
const SHORT = 3;
const MAX_CYCLE = 3;

/** What `\s` matches, as `split(/\s+/)` cuts the tokens. */
export function isSpace(code: number): boolean {
  // Below U+00A0 first: most characters of most texts are, and one test settles them.
  if (code < 0xa0) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Whether the text has FLOOD_REPEATS short tokens in a row, which any flood has: one walk over
 * the characters, so most texts never split into tokens at all.
 */
function hasShortRun(text: string): boolean {
  let run = 0;
  let length = 0;
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && !isSpace(text.charCodeAt(index))) {
      length += 1;
      continue;
    }
    if (length === 0) continue;
    run = length <= SHORT ? run + 1 : 0;
    if (run >= FLOOD_REPEATS) return true;
    length = 0;
  }
  return false;
}

export function hasTokenFlood(text: string): boolean {
  if (!hasShortRun(text)) return false;
  const tokens = text.split(/\s+/);
  for (let cycle = 1; cycle <= MAX_CYCLE; cycle += 1) {
    let run = 0;
    for (let index = cycle; index < tokens.length; index += 1) {
      const token = tokens[index] ?? '';
      if (token !== '' && token.length <= SHORT && token === tokens[index - cycle]) {
        run += 1;
        if (run >= FLOOD_REPEATS * cycle) return true;
      } else run = 0;
    }
  }
  return false;
}
