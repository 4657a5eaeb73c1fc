/** `%`, `_` and `\` match themselves in a LIKE pattern built from an operator's words. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
