let context: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, string>();

/** The page's own font stack, so measured text matches what SVG draws. */
function fontFamily(): string {
  return getComputedStyle(document.body).fontFamily || 'sans-serif';
}

/**
 * `text` cut with an ellipsis to fit `maxWidth` pixels in `font` (such as "600 13px"). SVG text
 * does not wrap or truncate by itself, so the labels of graph nodes are measured on a canvas.
 */
export function fitText(text: string, maxWidth: number, font: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const key = `${font}|${maxWidth}|${line}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  let fitted = line;
  if (context) {
    context.font = `${font} ${fontFamily()}`;
    if (context.measureText(line).width > maxWidth) {
      let low = 0;
      let high = line.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        const candidate = `${line.slice(0, middle).trimEnd()}…`;
        if (context.measureText(candidate).width <= maxWidth) low = middle;
        else high = middle - 1;
      }
      fitted = `${line.slice(0, low).trimEnd()}…`;
    }
  } else if (line.length > maxWidth / 7) {
    fitted = `${line.slice(0, Math.floor(maxWidth / 7) - 1).trimEnd()}…`;
  }
  if (cache.size > 2_000) cache.clear();
  cache.set(key, fitted);
  return fitted;
}
