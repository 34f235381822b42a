import { Piscina } from 'piscina';
import type { BuiltFile } from '../../builder/types';
import type { AppContext } from '../context';
import { replaceFileVariants } from '../db/queries/deployment-files';
import { siteById } from '../db/queries/sites';
import { releaseBlobHold, storeHeldBlob } from '../domain/blobs';
import { announceSiteChanged } from '../domain/sites/site-changed';
import { sha256Hex } from '../lib/ids';
import { compiledWorker } from './compile-worker';

/** What the recompression thread is given: one text file's bytes. */
export interface RecompressTask {
  content: Uint8Array;
}

/** What the recompression thread is started with. */
export interface RecompressThreadData {
  /** Its CPU niceness: below builds, which a creator is waiting for. */
  nice: number;
}

/** Background work yields to builds (BUILD_NICE, 10) as builds yield to serving. */
const RECOMPRESS_NICE = 15;
/** Published deployments waiting for their pass; past this, the oldest keep their `fast` files. */
const MAX_WAITING = 20;
/**
 * How long the node must have built nothing before the pass begins, or goes on to its next
 * file. Someone deploying again and again (an editor's saves, an assistant's fixes) keeps the
 * cores for builds: begun in the few milliseconds between two of their builds, a bundle's
 * brotli pass (about half a second) ran beside the next ones. Only the last version is worth it.
 */
const QUIET_MS = 1000;

interface Waiting {
  deploymentId: string;
  siteId: string;
  files: BuiltFile[];
}

/**
 * A site goes live with its text files compressed `fast` (builder/compress.ts); this node then
 * compresses them again at `best`, one deployment at a time in a thread of its own, once it
 * has built nothing for a second, and puts the smaller variants in their place. The site is
 * served all along: a variant's new bytes decode to the same file, so its ETag stays; the old
 * bytes are collected once unreferenced.
 * Only the node that built a deployment does this, from the bytes it still holds.
 */
export class Recompression {
  private readonly waiting: Waiting[] = [];
  private running: Promise<void> | null = null;
  private pool: Piscina<RecompressTask, { gzip: Uint8Array; br: Uint8Array }> | null = null;
  private stopped = false;
  /** Builds running on this node: recompression waits for none, as people wait for those. */
  private builds = 0;
  /** Set from the moment the last build ended until QUIET_MS later. */
  private settling: NodeJS.Timeout | null = null;
  private idle: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** The worker says how many builds it runs whenever that changes. */
  buildsRunning(count: number): void {
    this.builds = count;
    if (this.settling) clearTimeout(this.settling);
    this.settling = null;
    if (count > 0 || this.stopped) return;
    this.settling = setTimeout(() => {
      this.settling = null;
      this.idle?.();
      this.idle = null;
      this.next();
    }, QUIET_MS);
    this.settling.unref();
  }

  private quiet(): boolean {
    return this.builds === 0 && this.settling === null;
  }

  private noBuilds(): Promise<void> {
    if (this.quiet() || this.stopped) return Promise.resolve();
    return new Promise((resolve) => (this.idle = resolve));
  }

  /** Queues a published deployment's `fast` text files. */
  add(deploymentId: string, siteId: string, files: BuiltFile[]): void {
    const texts = files.filter((f) => f.br || f.gzip);
    if (this.stopped || texts.length === 0) return;
    // A newer version of the site makes a waiting one moot: its files are no longer served.
    const older = this.waiting.findIndex((w) => w.siteId === siteId);
    if (older !== -1) this.waiting.splice(older, 1);
    if (this.waiting.length >= MAX_WAITING) this.waiting.shift();
    this.waiting.push({ deploymentId, siteId, files: texts });
    this.next();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.settling) clearTimeout(this.settling);
    this.settling = null;
    this.waiting.length = 0;
    this.idle?.();
    await this.running;
    await this.pool?.destroy();
  }

  private next(): void {
    if (this.running || this.stopped || !this.quiet()) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = this.recompress(job)
      .catch((err: unknown) =>
        this.ctx.log.warn(
          { err, deploymentId: job.deploymentId },
          'recompressing a deployment failed: it keeps its first variants',
        ),
      )
      .finally(() => {
        this.running = null;
        this.next();
      });
  }

  private threads() {
    // No thread is kept while there is nothing to do; the module it loads is only zlib.
    this.pool ??= new Piscina({
      filename: compiledWorker('recompress-worker'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 10_000,
      workerData: { nice: RECOMPRESS_NICE } satisfies RecompressThreadData,
    });
    return this.pool;
  }

  private async recompress(job: Waiting): Promise<void> {
    // Only the live version is worth a second of brotli: one replaced meanwhile is skipped.
    const live = await siteById(this.ctx.db, job.siteId);
    if (live?.current_deployment_id !== job.deploymentId) return;
    const better: {
      path: string;
      blobs: { sha256: string; data: Uint8Array }[];
      hashes: Record<string, string>;
    }[] = [];
    for (const file of job.files) {
      // Between files, a build that began meanwhile goes first.
      await this.noBuilds();
      if (this.stopped) return;
      const best = await this.threads().run({ content: file.content });
      const hashes: Record<string, string> = {};
      const blobs: { sha256: string; data: Uint8Array }[] = [];
      for (const encoding of ['br', 'gzip'] as const) {
        const first = file[encoding];
        const data = best[encoding];
        if (!first || data.byteLength >= first.byteLength) continue;
        const sha256 = sha256Hex(data);
        hashes[`${encoding}_sha256`] = sha256;
        blobs.push({ sha256, data });
      }
      if (blobs.length > 0) better.push({ path: file.path, blobs, hashes });
    }
    if (better.length === 0 || this.stopped) return;
    // The bytes first, held against collection until the rows name them: a visitor never
    // gets a hash whose bytes are not stored yet.
    const held = [];
    for (const { blobs } of better) {
      for (const { sha256, data } of blobs) {
        held.push(await storeHeldBlob(this.ctx.db, this.ctx.blobs, data, sha256));
      }
    }
    const changed = await replaceFileVariants(
      this.ctx.db,
      job.deploymentId,
      better.map(({ path, hashes }) => ({ path, ...hashes })),
    );
    for (const hold of held) await releaseBlobHold(this.ctx.db, hold);
    const site = changed > 0 ? await siteById(this.ctx.db, job.siteId) : undefined;
    // Every node's hosting drops the site's cached files and reads the new variants.
    if (site) announceSiteChanged(this.ctx, site);
  }
}
