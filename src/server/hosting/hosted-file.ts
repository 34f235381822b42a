import type { Readable } from 'node:stream';
import type { ByteRange } from '../storage/blob-store';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One file of a deployment, as hosting needs it; contents are read on demand. */
export interface HostedFile {
  path: string;
  contentType: string;
  sha256: string;
  immutable: boolean;
  encodings: ReadonlySet<Encoding>;
  /** Bytes of the file itself (the identity encoding). */
  size: number;
  /** The bytes; a Promise rejects with BrokenBlobError when the stored copy is unusable. */
  read(encoding: Encoding): Buffer | Promise<Buffer>;
  /** Set for files too big to hold in memory: they go from the store to the visitor. */
  stream?: (encoding: Encoding, range?: ByteRange) => Promise<Readable>;
}
