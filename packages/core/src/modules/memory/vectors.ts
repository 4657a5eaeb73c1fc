/** pgvector's text form: `[0.1,0.2]`. */
export const vectorLiteral = (vector: number[]) => `[${vector.join(',')}]`;

/** PostgreSQL's array text form for `real[]`: `{0.1,0.2}`. */
export const arrayLiteral = (vector: number[]) => `{${vector.join(',')}}`;

/** A stored embedding as numbers, whichever way the column and the driver return it. */
export function parseVector(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value !== 'string') return [];
  const inner = value.trim().slice(1, -1);
  return inner === '' ? [] : inner.split(',').map(Number);
}

/** Cosine similarity; 0 when either vector is empty, zero or of another dimension. */
export function cosine(a: number[], b: number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let left = 0;
  let right = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    left += x * x;
    right += y * y;
  }
  return left === 0 || right === 0 ? 0 : dot / Math.sqrt(left * right);
}
