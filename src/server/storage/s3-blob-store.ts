import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError, type S3Config } from '../config';
import { Readable } from 'node:stream';
import { blobPath, type BlobStore, type ByteRange } from './blob-store';

export interface S3Timeouts {
  /** To open a connection. */
  connectMs: number;
  /** For one whole request and its answer (a 5 MB blob included). */
  requestMs: number;
  /** Without a byte either way on an open connection. */
  idleMs: number;
}

// A bucket that hangs must not hold a visitor for long: each attempt is bounded, and the
// SDK's standard retry (3 attempts, backoff) covers the brief hiccups S3 does have.
const TIMEOUTS: S3Timeouts = { connectMs: 3_000, requestMs: 30_000, idleMs: 10_000 };
const MAX_ATTEMPTS = 3;
/** sha-256 of zero bytes. */
const EMPTY_BLOB = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * Blobs as objects of an S3-compatible bucket, one key per sha-256 (`ab/cdef…`). The bucket
 * must exist: creating buckets is the operator's job (region, policy, lifecycle).
 */
export class S3BlobStore implements BlobStore {
  /** Each put is a round trip or two: several at once hide the latency. */
  readonly writeConcurrency = 8;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    private readonly config: S3Config,
    timeouts: S3Timeouts = TIMEOUTS,
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // A self-hosted store answers at one address: the bucket goes in the path, not the host.
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        requestTimeout: timeouts.requestMs,
        throwOnRequestTimeout: true,
        socketTimeout: timeouts.idleMs,
      },
    });
  }

  async get(sha256: string): Promise<Buffer | null> {
    const key = blobPath(sha256);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) throw new Error('S3 answered without a body');
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      // Only "no such key" means absent: a missing bucket or a denied request is a fault.
      if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return null;
      throw this.failed('reading', key, err);
    }
  }

  async stream(sha256: string, range?: ByteRange): Promise<Readable | null> {
    const key = blobPath(sha256);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return res.Body;
    } catch (err) {
      if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return null;
      throw this.failed('reading', key, err);
    }
  }

  async put(sha256: string, data: Uint8Array): Promise<void> {
    const key = blobPath(sha256);
    if (await this.has(sha256)) return;
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.byteLength,
          // The store checks the bytes against their address: a damaged upload never lands.
          ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
        }),
      );
    } catch (err) {
      throw this.failed('writing', key, err);
    }
  }

  async has(sha256: string): Promise<boolean> {
    const key = blobPath(sha256);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      // HEAD answers carry no error body: a 404 is all S3 says about a missing key.
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return false;
      throw this.failed('checking', key, err);
    }
  }

  async delete(sha256: string): Promise<void> {
    const key = blobPath(sha256);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      throw this.failed('deleting', key, err);
    }
  }

  close(): void {
    this.client.destroy();
  }

  /**
   * Fails with a message naming the variable to fix when the bucket is missing, the keys
   * are refused or the endpoint does not answer. It reads the empty blob, which proves
   * what serving needs: the bucket is there, and a missing key reads as absent (S3 says
   * "denied" instead when the key lacks s3:ListBucket, and then no blob could be stored).
   */
  async checkBucket(): Promise<void> {
    try {
      await this.get(EMPTY_BLOB);
    } catch (err) {
      const cause = err instanceof Error && err.cause !== undefined ? err.cause : err;
      throw new ConfigError(`Invalid configuration:\n  ${setupProblem(this.config, cause)}`);
    }
  }

  private failed(doing: string, key: string, err: unknown): Error {
    return new Error(`S3 ${doing} ${key} in bucket ${this.bucket} failed: ${describe(err)}`, {
      cause: err,
    });
  }
}

function setupProblem(config: S3Config, err: unknown): string {
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  const bucket = `bucket "${config.bucket}" at ${where}`;
  if (!(err instanceof S3ServiceException)) {
    return `S3_ENDPOINT: cannot reach ${where}: ${describe(err)}`;
  }
  switch (err.name) {
    case 'NoSuchBucket':
      return `S3_BUCKET: ${bucket} does not exist; create it first (the server never creates buckets)`;
    case 'InvalidAccessKeyId':
      return `S3_ACCESS_KEY_ID: ${where} does not know this access key`;
    case 'SignatureDoesNotMatch':
      return `S3_SECRET_ACCESS_KEY: ${where} refused the signature; check the secret key`;
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
      return `S3_REGION: ${bucket} is not in region ${config.region}`;
    case 'AccessDenied':
      return `S3_BUCKET: access to ${bucket} was denied; S3_ACCESS_KEY_ID needs s3:ListBucket, s3:GetObject, s3:PutObject and s3:DeleteObject on it`;
    default:
      return `S3_BUCKET: ${bucket} cannot be used: ${describe(err)}`;
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  // A refused connection arrives as an AggregateError whose own message is empty.
  const inner = err instanceof AggregateError ? err.errors[0] : null;
  const message = err.message || (inner instanceof Error ? inner.message : '') || err.name;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
