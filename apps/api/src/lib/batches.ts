/** Statements stay well under PostgreSQL's 65,535 parameters however many rows a request touches. */
const BATCH_SIZE = 500;

export function inBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE)
    batches.push(items.slice(start, start + BATCH_SIZE));
  return batches;
}
