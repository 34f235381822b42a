import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3Server {
  /** http://127.0.0.1:{port}: give it as S3_ENDPOINT (path-style addressing). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The five S3_* variables that point a server process at this store. */
  env: Record<string, string>;
  /** Stops answering and removes its temp folder. */
  close(): Promise<void>;
}

// The only credentials s3rver accepts; it checks every request's SigV4 signature with them,
// so a client that signs wrongly fails here as it would on a real S3.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver) on a free loopback port, over a temp folder, with one
 * bucket created. It speaks the wire format the AWS SDK speaks to any S3-compatible store.
 * Trap: use object requests (Get/Put/Head/DeleteObject) against it; it computes the
 * signature of this SDK's bucket-level requests (HeadBucket, ListObjects) differently and
 * refuses them with 403.
 */
export async function startS3Server(bucket = 'artifact-host-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ah-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  let closed: Promise<void> | null = null;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    close: () => {
      closed ??= (async () => {
        // Keep-alive sockets from SDK clients would hold close() open until they time out.
        server.httpServer.closeAllConnections();
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
