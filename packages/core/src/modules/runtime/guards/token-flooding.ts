/**
 * A short token, or a cycle of two or three, repeated dozens of times ("ö ö ö …", ") ] } ) ] } …"):
 * a flood meant to push the model's real instructions out of its attention. Found by walking
 * the tokens once; a regular expression with a backreference would try every start again.
 */
const FLOOD_REPEATS = 30;
const SHORT = 3;
const MAX_CYCLE = 3;

export function hasTokenFlood(text: string): boolean {
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
