/**
 * A token estimate good enough for budgeting context: about four characters per token for
 * English and code across the common tokenizers. The model's own usage numbers, not this, are
 * what traces record.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
