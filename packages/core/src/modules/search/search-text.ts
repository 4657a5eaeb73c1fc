const TITLE_MAX = 120;

/** One line of a record's text for a result title: whitespace folded, cut with an ellipsis. */
export function oneLine(text: string, max = TITLE_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Case-insensitive substring test, as the SQL sources match with ILIKE. */
export const includesText = (haystack: string, text: string) =>
  haystack.toLowerCase().includes(text.toLowerCase());
