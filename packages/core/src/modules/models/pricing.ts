/** USD per million tokens, [input, output], from the providers' public price lists. */
const PRICES: Record<string, readonly [input: number, output: number]> = {
  // OpenAI
  'gpt-5': [1.25, 10],
  'gpt-5-mini': [0.25, 2],
  'gpt-5-nano': [0.05, 0.4],
  'gpt-4.1': [2, 8],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1-nano': [0.1, 0.4],
  'gpt-4o': [2.5, 10],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4-turbo': [10, 30],
  'gpt-4': [30, 60],
  'gpt-3.5-turbo': [0.5, 1.5],
  o1: [15, 60],
  'o1-mini': [1.1, 4.4],
  o3: [2, 8],
  'o3-mini': [1.1, 4.4],
  'o4-mini': [1.1, 4.4],
  // Anthropic
  'claude-opus-4-5': [5, 25],
  'claude-opus-4-1': [15, 75],
  'claude-opus-4': [15, 75],
  'claude-sonnet-4-5': [3, 15],
  'claude-sonnet-4': [3, 15],
  'claude-3-7-sonnet': [3, 15],
  'claude-3-5-sonnet': [3, 15],
  'claude-haiku-4-5': [1, 5],
  'claude-3-5-haiku': [0.8, 4],
  'claude-3-opus': [15, 75],
  'claude-3-haiku': [0.25, 1.25],
};

/**
 * Snapshot names map to their family: `gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929` and
 * `claude-3-5-sonnet-latest` cost what `gpt-4o`, `claude-sonnet-4-5` and `claude-3-5-sonnet` do.
 * Only the date or `-latest` is dropped, so `gpt-4o-mini` never falls back to `gpt-4o`.
 */
function family(modelName: string): string {
  return modelName
    .trim()
    .toLowerCase()
    .replace(/-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/, '');
}

/** Price per million tokens, or null for a model we do not know (local models, new releases). */
export function priceOf(modelName: string): { input: number; output: number } | null {
  const price = PRICES[family(modelName)];
  return price ? { input: price[0], output: price[1] } : null;
}

/** What a call cost in USD; null when the model's price is unknown (not "free"). */
export function costUsd(
  modelName: string,
  usage: { input: number; output: number },
): number | null {
  const price = priceOf(modelName);
  if (!price) return null;
  return (usage.input * price.input + usage.output * price.output) / 1_000_000;
}
