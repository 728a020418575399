import { v7 } from 'uuid';

/** UUIDv7: time-ordered, so new rows land at the end of every index (PostgreSQL 15 has no uuidv7()). */
export function newId(): string {
  return v7();
}
