/**
 * Mobile numbers `prefix` + a counter: each test file takes its own prefix, so codes, counters
 * and accounts never cross tests.
 */
export function phoneSeries(prefix: string): () => string {
  let issued = 0;
  return () => {
    issued += 1;
    return `${prefix}${String(issued).padStart(9 - prefix.length, '0')}`;
  };
}
