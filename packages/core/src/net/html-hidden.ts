/**
 * The parts of an HTML page a reader never sees but a converter or a model may: comments,
 * attribute text (alt, title, aria-label, data-*, meta content) and elements hidden by CSS or
 * the `hidden` attribute. They are collected from the markup before the page becomes text, so
 * the input guard can read them on their own: a page that hides instructions is telling.
 */

const COMMENT = /<!--([\s\S]{0,20000}?)-->/g;
const ATTRIBUTE =
  /\s(?:alt|title|aria-label|aria-description|placeholder|content|summary|data-[\w-]+)\s*=\s*(?:"([^"]{12,4000})"|'([^']{12,4000})')/gi;
/** Styles and attributes that hide an element while its text stays in the markup. */
const HIDING = String.raw`(?:\shidden(?:\s|=|>|/)|\saria-hidden\s*=\s*["']?true|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(?:left|top|text-indent|margin-left)\s*:\s*-\d{3,}|(?:height|width|max-height)\s*:\s*0(?:px)?\s*;[^"']*overflow\s*:\s*hidden|clip\s*:\s*rect\(\s*0|color\s*:\s*(?:transparent|#fff(?:fff)?\b|white)\b))`;
const HIDDEN_ELEMENT = new RegExp(
  String.raw`<([a-z][a-z0-9]*)\b(?=[^>]*${HIDING})[^>]*>([\s\S]{0,20000}?)</\1\s*>`,
  'gi',
);
const TAG = /<[^>]*>/g;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The hidden text of a page, one part per line; '' when there is none. Conditional comments of
 * old Internet Explorer and the page's scripts are markup, not text, and are left out.
 */
export function hiddenHtmlText(html: string): string {
  const parts: string[] = [];
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  for (const [, body = ''] of markup.matchAll(COMMENT))
    if (!/^\s*\[if |^\s*<!\[endif/i.test(body)) parts.push(body);
  for (const [, double, single] of markup.matchAll(ATTRIBUTE)) {
    const value = double ?? single ?? '';
    // A URL, a class list or a number is not prose; instructions have words and spaces.
    if (/\s\S+\s/.test(value)) parts.push(value);
  }
  for (const [, , body = ''] of markup.matchAll(HIDDEN_ELEMENT)) parts.push(body.replace(TAG, ' '));
  return decodeEntities(parts.join('\n'))
    .replace(/[ \t]+/g, ' ')
    .trim();
}
