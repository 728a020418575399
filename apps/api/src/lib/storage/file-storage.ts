import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by key ("<userId>/<attachmentId>"). Keys are made by the API, never taken
 * from a client; each segment is letters, digits, '-', '_' and inner dots, so no key leaves its root.
 */
export interface FileStorage {
  /** Stores the content under `key`, replacing what was there; a failed write leaves nothing behind. */
  put(key: string, content: Readable | Uint8Array): Promise<{ size: number }>;
  /** The stored content, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the content; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** The key's segments, or an error for a key that could name something outside the storage. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (key.length > 200 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return segments;
}
