/**
 * `make`, called on the first call only; every call returns that first result. For modules
 * loaded on first use: after the first call the promise is settled, so later callers wait no
 * longer than a microtask.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
