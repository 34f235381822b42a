import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file contents live, addressed by their sha-256 (hex): a local folder
 * (local-blob-store.ts) or an S3-compatible bucket (s3-blob-store.ts).
 */
export interface BlobStore {
  /** The bytes, or null when no blob has that hash; a store that cannot answer rejects. */
  get(sha256: string): Promise<Buffer | null>;
  /** Stores the bytes; does nothing when the blob is already there (content never changes). */
  put(sha256: string, data: Uint8Array): Promise<void>;
  /**
   * The bytes (or a range of them) as a stream, for files too big to hold in memory;
   * null when no blob has that hash.
   */
  stream(sha256: string, range?: ByteRange): Promise<Readable | null>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Lets go of connections and timers at shutdown. */
  close(): void;
  /** How many puts one deployment should have running at once for this store. */
  readonly writeConcurrency: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * `ab/cdef…`: where a blob lives inside its store, the same in a folder and in a bucket
 * (so a folder can be copied into a bucket as it is). The two-character fan-out keeps
 * folders small and spreads a bucket's keys over prefixes.
 */
export function blobPath(sha256: string): string {
  // The name becomes a path or a key: only a real hash may reach the store.
  if (!SHA256.test(sha256)) throw new Error(`not a sha-256: ${sha256.slice(0, 80)}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2)}`;
}
