import net from 'node:net';
import pg from 'pg';
import { freePort, spawnServer, stopServer, type ChildServer } from './child-server';
import { createTestDatabaseTarget, type TestDatabaseTarget } from './databases';
import { startS3Server, type TestS3Server } from './s3-server';

// Several processes, one product: web nodes and build workers over PostgreSQL, Redis and an
// S3 server, as the README's cluster recipe runs them. Used by the cluster test and bench.

export const CLUSTER_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(String(d).startsWith('+PONG')));
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why a cluster can't run here, or null when PostgreSQL and Redis both answer. */
export async function clusterUnavailable(): Promise<string | null> {
  const [redis, postgres] = await Promise.all([
    redisAnswers(CLUSTER_REDIS_URL),
    postgresAnswers(POSTGRES_URL),
  ]);
  if (!postgres) return `PostgreSQL does not answer at ${POSTGRES_URL}`;
  if (!redis) return `Redis does not answer at ${CLUSTER_REDIS_URL}`;
  return null;
}

export type ClusterNode = ChildServer & { dataDir: string };

export interface Cluster {
  webs: ClusterNode[];
  /** The running workers; startWorker adds one. */
  workers: ClusterNode[];
  s3: TestS3Server;
  /** The PostgreSQL every node shares (its own schema), for a bench that reads the rows. */
  databaseUrl: string;
  startWorker(): Promise<ClusterNode>;
  close(): Promise<void>;
}

/**
 * Starts `webCount` web nodes and one worker, all sharing one database, Redis and bucket;
 * `env` is given to every node (ADMIN_EMAILS, say).
 */
export async function startCluster(
  webCount = 2,
  env: Record<string, string> = {},
): Promise<Cluster> {
  process.env.TEST_DATABASE_URL ??= POSTGRES_URL;
  const target: TestDatabaseTarget = await createTestDatabaseTarget('postgres');
  const s3 = await startS3Server();
  const shared = {
    DATABASE_URL: target.databaseUrl!,
    REDIS_URL: CLUSTER_REDIS_URL,
    ...s3.env,
    ...env,
  };
  // Each node has a data folder of its own: nothing a node keeps locally may matter.
  const node = async (roles: string) => {
    const dir = await createTestDatabaseTarget('sqlite');
    return {
      env: { ...shared, ROLES: roles, DATA_DIR: dir.dataDir, PORT: String(await freePort()) },
      dir,
    };
  };
  const folders: TestDatabaseTarget[] = [];
  const spawn = async (roles: string): Promise<ClusterNode> => {
    const { env, dir } = await node(roles);
    folders.push(dir);
    return { ...(await spawnServer(env)), dataDir: dir.dataDir };
  };
  // The first web node migrates the schema; the others start once it is there.
  const webs = [await spawn('web')];
  webs.push(...(await Promise.all(Array.from({ length: webCount - 1 }, () => spawn('web')))));
  const workers = [await spawn('worker')];
  return {
    webs,
    workers,
    s3,
    databaseUrl: target.databaseUrl!,
    async startWorker() {
      const worker = await spawn('worker');
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all([...webs, ...workers].map((s) => stopServer(s)));
      await s3.close();
      await target.cleanup();
      for (const dir of folders) await dir.cleanup();
    },
  };
}
