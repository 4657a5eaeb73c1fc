/**
 * The parts of an HTML page a reader never sees but a converter or a model may: comments,
 * attribute text (alt, title, aria-label, data-*, meta content) and elements hidden by CSS or
 * the `hidden` attribute. They are collected from the markup before the page becomes text, so
 * the input guard can read them on their own: a page that hides instructions is telling.
 */

/** Longest stretch read for one comment or hidden element, and for one tag's attributes. */
const BODY_CHARS = 20_000;
const TAG_CHARS = 2_000;
const ATTRIBUTE =
  /\s(?:alt|title|aria-label|aria-description|placeholder|content|summary|data-[\w-]+)\s*=\s*(?:"([^"]{12,4000})"|'([^']{12,4000})')/gi;
/** Styles and attributes that hide an element while its text stays in the markup. */
const HIDING =
  /\shidden(?:\s|=|>|\/|$)|\saria-hidden\s*=\s*["']?true|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])|(?:left|top|text-indent|margin-left)\s*:\s*-\d{3,}|(?:height|width|max-height)\s*:\s*0(?:px)?\s*;[^"']*overflow\s*:\s*hidden|clip\s*:\s*rect\(\s*0|color\s*:\s*(?:transparent|#fff(?:fff)?\b|white)\b)/i;
/** An opening tag, its attributes bounded: a `<` that never closes must not send a scan to the end. */
const OPEN_TAG = new RegExp(`<([a-z][a-z0-9]*)\\b([^>]{0,${TAG_CHARS}})>`, 'gi');
const TAG = /<[^>]{0,2000}>/g;

/** The bodies of comments, found with indexOf so an unclosed one costs one search, not one per start. */
function comments(markup: string): string[] {
  const bodies: string[] = [];
  let at = markup.indexOf('<!--');
  while (at >= 0) {
    const end = markup.indexOf('-->', at + 4);
    if (end < 0) break;
    if (end - at - 4 <= BODY_CHARS) bodies.push(markup.slice(at + 4, end));
    at = markup.indexOf('<!--', end + 3);
  }
  return bodies;
}

/**
 * The text of elements hidden by CSS or the `hidden` attribute. Where each closing tag is next is
 * remembered per tag name, so a page of unclosed `<div hidden>` is read once, not once per tag.
 */
function hiddenElements(markup: string): string[] {
  const bodies: string[] = [];
  const lower = markup.toLowerCase();
  const nextClose = new Map<string, number>();
  for (const found of markup.matchAll(OPEN_TAG)) {
    const [open, name = '', attributes = ''] = found;
    if (!HIDING.test(attributes)) continue;
    const tag = name.toLowerCase();
    const from = (found.index ?? 0) + open.length;
    let close = nextClose.get(tag);
    if (close === undefined || (close >= 0 && close < from)) {
      close = lower.indexOf(`</${tag}`, from);
      nextClose.set(tag, close);
    }
    if (close < 0) continue;
    if (close - from <= BODY_CHARS) bodies.push(markup.slice(from, close).replace(TAG, ' '));
  }
  return bodies;
}

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
  const markup = html.replace(/<(script|style)\b[^>]{0,2000}>[\s\S]*?<\/\1\s*>/gi, '');
  for (const body of comments(markup)) if (!/^\s*\[if |^\s*<!\[endif/i.test(body)) parts.push(body);
  for (const [, double, single] of markup.matchAll(ATTRIBUTE)) {
    const value = double ?? single ?? '';
    // A URL, a class list or a number is not prose; instructions have words and spaces.
    if (/\s\S+\s/.test(value)) parts.push(value);
  }
  parts.push(...hiddenElements(markup));
  return decodeEntities(parts.join('\n'))
    .replace(/[ \t]+/g, ' ')
    .trim();
}
