/** Telegram's limit on the text of one message, in UTF-16 code units as JavaScript counts. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/**
 * Splits a reply into messages Telegram accepts: at a paragraph break where one falls in the
 * second half of the limit, else at a line break, else at a space, else hard at the limit
 * (never inside a surrogate pair).
 */
export function splitMessage(text: string, limit = TELEGRAM_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    let cut = -1;
    for (const separator of ['\n\n', '\n', ' ']) {
      const at = window.lastIndexOf(separator);
      if (at >= limit / 2) {
        cut = at;
        break;
      }
    }
    if (cut < 0) {
      cut = limit;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}
