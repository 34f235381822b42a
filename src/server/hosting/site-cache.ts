import { filesOfDeployment } from '../db/queries/deployment-files';
import { deploymentById } from '../db/queries/deployments';
import { hostedSiteBySubdomain, hostedSitesBySubdomains } from '../db/queries/sites';
import type { Database } from '../db/database';
import type { DeploymentFileRow, SiteRow } from '../db/schema';
import type { ByteRange } from '../storage/blob-store';
import { BrokenBlobError, type BlobCache } from './blob-cache';
import type { Encoding, HostedFile } from './hosted-file';
import { siteRouter, type SiteRouter } from './serve';
import type { SiteLookFacts } from './site-look';

type HostedSiteRow = Pick<
  SiteRow,
  | 'id'
  | 'user_id'
  | 'subdomain'
  | 'expires_at'
  | 'current_deployment_id'
  | 'custom_domain'
  | 'ssl_status'
> &
  Partial<
    Pick<
      SiteRow,
      | 'disabled_at'
      | 'embed_origins'
      | 'access_password_hash'
      | 'access_generation'
      | 'access_share_ids'
    >
  > &
  Partial<SiteLookFacts>;

export interface HostedSite {
  site: HostedSiteRow;
  files: Map<string, HostedFile>;
  /** URL → file for the live deployment, remembered per path. */
  route: SiteRouter;
}

interface Entry {
  /** The load or revalidation under way, or the last one. */
  pending: Promise<HostedSite | null>;
  /** Set once loaded: null means no such site. */
  value?: HostedSite | null;
  checkedAt: number;
  /** When a visitor last asked for it: the sweep keeps checking sites visited lately. */
  usedAt: number;
  /** What the entry is reckoned to hold in memory (`siteBytes`), counted against the budget. */
  bytes: number;
}

/**
 * Reckoned bytes of one cached entry before its files: the entry, the site's row, its router,
 * the maps' slots and its page's headers once visited. Measured on the heap (8,000 cached
 * sites of 3 and of 10 files, each visited once): about 3,350 bytes a site and 555 a file,
 * plus about 350 for each file's headers once it is asked for. Reckoned on the generous side,
 * so the budget bounds the heap; `npm run bench:scale` prints the heap beside the budget.
 */
export const SITE_BYTES = 3584;
/** Reckoned bytes of one file of a manifest besides its path: the record, hashes, headers. */
export const FILE_BYTES = 800;

/** What a loaded site is reckoned to cost in memory: strings count two bytes a character. */
export function siteBytes(site: HostedSite | null): number {
  if (!site) return SITE_BYTES;
  let bytes = SITE_BYTES;
  for (const file of site.files.values()) {
    bytes += FILE_BYTES + 2 * (file.path.length + file.contentType.length);
  }
  return bytes;
}

/**
 * Files above this go from the store to the visitor in chunks and never into memory: fifty
 * visitors of a 10 MB video must not cost 500 MB. Below it, the memory cache answers.
 */
export const STREAM_ABOVE_BYTES = 1024 * 1024;
/**
 * How long a cached site is trusted without asking the database again. Events drop entries
 * at once; this bounds staleness when an event is missed (Redis down, a node restarting).
 */
export const REVALIDATE_AFTER_MS = 1000;

/** How a cache finds a site by its key: a subdomain, or a verified custom domain. */
export type HostedSiteLookup = (db: Database, key: string) => Promise<HostedSiteRow | undefined>;

/** The same lookup for many keys in one statement: key → row, absent keys have no site. */
export type HostedSitesLookup = (
  db: Database,
  keys: string[],
) => Promise<Map<string, HostedSiteRow>>;

/** Keys per statement of the sweep: well inside both databases' limits on bound values. */
const SWEEP_CHUNK = 500;
/**
 * The sweep keeps checking a site visited within this long, so a site visited every few
 * seconds (most of a Zipf tail) is not checked on its visitor's request either.
 */
const SWEEP_VISITED_WITHIN_MS = 10_000;
/**
 * How long since its last check makes a visited site due in a sweep. The sweep runs every half
 * period, and its timer runs late when the node is busy: with half a period here, a site just
 * short of it at one sweep was skipped, then a full period old before the next one, and a
 * visitor's request waited for a query of its own (under load, every second or so). Checked
 * at every sweep instead, a site is never older than half a period and the timer's delay.
 */
const SWEEP_DUE_MS = REVALIDATE_AFTER_MS / 4;
/** Most sites one sweep checks (ten statements): the database's cost stays bounded. */
const SWEEP_MAX_SITES = 5000;

export interface SiteCacheOptions {
  /**
   * Most bytes the cached manifests may hold (reckoned by `siteBytes`); past it the site
   * asked for least recently goes first. A site bigger than the whole budget is still kept
   * while it is the only one.
   */
  maxBytes: number;
  lookup?: HostedSiteLookup;
  lookupMany?: HostedSitesLookup;
}

/**
 * subdomain (or, with `hostedSiteByCustomDomain`, verified custom domain) → the live
 * deployment's manifest, dropped on 'site.changed'/'site.deleted' and, least recently used
 * first, when the cache outgrows its memory budget.
 */
export class SiteCache {
  /** In order of use: the first is the least recently asked for. */
  private readonly entries = new Map<string, Entry>();
  /** site id → the keys it is cached under (a site's version links are many keys of one site). */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Keys whose last answer was "no such site": any site change may make one exist. */
  private readonly missing = new Set<string>();
  private bytes = 0;
  /** The entry last moved to the recently used end of `entries` (see `touch`). */
  private newest: Entry | null = null;
  private readonly maxBytes: number;
  private readonly lookup: HostedSiteLookup;
  private readonly lookupMany: HostedSitesLookup;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobCache,
    options: SiteCacheOptions,
  ) {
    this.maxBytes = options.maxBytes;
    this.lookup = options.lookup ?? hostedSiteBySubdomain;
    this.lookupMany = options.lookupMany ?? hostedSitesBySubdomains;
  }

  /**
   * Checks the sites visited lately against the database twice a revalidation period, many
   * in one statement, so a visited site never grows old enough for a visitor's request to
   * wait for (or cause) a query. A site nobody visited lately ages and is checked on its next
   * visit.
   */
  start(): void {
    this.sweeper ??= setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch(() => undefined) // a failed sweep leaves entries to age into a per-visit check
        .finally(() => (this.sweeping = null));
    }, REVALIDATE_AFTER_MS / 2);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.sweeping;
  }

  /** One pass of `start`'s check; returns once every visited site has been looked at. */
  async sweep(now = Date.now()): Promise<void> {
    const due: Array<[string, Entry]> = [];
    for (const [key, entry] of this.entries) {
      if (
        entry.value &&
        now - entry.checkedAt >= SWEEP_DUE_MS &&
        now - entry.usedAt < SWEEP_VISITED_WITHIN_MS
      ) {
        due.push([key, entry]);
      }
    }
    // Entries are in order of use: past the cap the least recent wait for their next visit.
    due.splice(0, Math.max(0, due.length - SWEEP_MAX_SITES));
    for (let i = 0; i < due.length; i += SWEEP_CHUNK) {
      const chunk = due.slice(i, i + SWEEP_CHUNK);
      const startedAt = Date.now();
      const rows = await this.lookupMany(
        this.db,
        chunk.map(([key]) => key),
      );
      for (const [key, entry] of chunk) {
        // Replaced or dropped meanwhile (an event, a visit that reloaded it): not ours to touch.
        if (this.entries.get(key) !== entry || !entry.value) continue;
        const row = rows.get(key);
        if (row && sameFiles(entry.value.site, row)) {
          entry.value = withRow(entry.value, row);
          entry.checkedAt = startedAt;
        } else {
          this.drop(key);
        }
      }
    }
  }

  /** Sites held and the bytes they are reckoned to take. */
  get size(): { sites: number; bytes: number } {
    return { sites: this.entries.size, bytes: this.bytes };
  }

  /** The site when loaded and fresh (null: no such site); undefined when it must be awaited. */
  peek(subdomain: string, now = Date.now()): HostedSite | null | undefined {
    const entry = this.entries.get(subdomain);
    if (!entry || entry.value === undefined || now - entry.checkedAt >= REVALIDATE_AFTER_MS) {
      return undefined;
    }
    this.touch(subdomain, entry, now);
    return entry.value;
  }

  get(subdomain: string): Promise<HostedSite | null> {
    const now = Date.now();
    const entry = this.entries.get(subdomain);
    if (entry && (entry.value === undefined || now - entry.checkedAt < REVALIDATE_AFTER_MS)) {
      this.touch(subdomain, entry, now);
      return entry.pending;
    }
    const known = entry?.value;
    const next: Entry = {
      pending: Promise.resolve(null),
      checkedAt: now,
      usedAt: now,
      bytes: entry?.bytes ?? SITE_BYTES,
    };
    // Until it settles, requests wait for the same answer; an unchanged site keeps its files.
    next.pending = this.revalidate(subdomain, known ?? null).then(
      (site) => {
        if (this.entries.get(subdomain) === next) {
          next.value = site;
          next.checkedAt = Date.now();
          this.resize(next, siteBytes(site));
          if (site === null) this.missing.add(subdomain);
          else this.missing.delete(subdomain);
          this.evict();
        } else if (site && !this.entries.has(subdomain)) {
          // Dropped while it loaded (evicted or changed): nothing here names it any more.
          this.unlink(site.site.id, subdomain);
        }
        return site;
      },
      (err: unknown) => {
        if (this.entries.get(subdomain) === next) this.drop(subdomain);
        throw err;
      },
    );
    if (entry) {
      // Replaced, not dropped: an event during the check must still find the site by its id.
      this.entries.delete(subdomain);
      this.bytes -= entry.bytes;
    }
    this.entries.set(subdomain, next);
    this.newest = next;
    this.bytes += next.bytes;
    this.evict();
    return next.pending;
  }

  /** Drops what is cached of a site, and every "no such site" answer (it may be this one's). */
  invalidate(siteId: string): void {
    for (const key of [...(this.keysOf.get(siteId) ?? [])]) this.drop(key);
    for (const key of this.missing) this.drop(key);
  }

  /**
   * Moves an entry to the recently used end; the budget evicts from the other. A hot site is
   * asked for again and again in a row: it is at that end already, and a Map's delete and set
   * per request would cost more than the rest of its lookup.
   */
  private touch(key: string, entry: Entry, now: number): void {
    entry.usedAt = now;
    if (this.newest === entry) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.newest = entry;
  }

  private resize(entry: Entry, bytes: number): void {
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.missing.delete(key);
    this.bytes -= entry.bytes;
    const id = entry.value?.site.id;
    if (id !== undefined) this.unlink(id, key);
  }

  private unlink(siteId: string, key: string): void {
    const keys = this.keysOf.get(siteId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(siteId);
  }

  private evict(): void {
    while (this.bytes > this.maxBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.drop(oldest);
    }
  }

  private async revalidate(
    subdomain: string,
    known: HostedSite | null,
  ): Promise<HostedSite | null> {
    const row = await this.lookup(this.db, subdomain);
    if (!row) return null;
    let keys = this.keysOf.get(row.id);
    if (!keys) this.keysOf.set(row.id, (keys = new Set()));
    keys.add(subdomain);
    if (known && sameFiles(known.site, row)) {
      // Same files; the page settings and the owner's plan are read afresh all the same.
      return withRow(known, row);
    }
    return this.load(fastRow(row));
  }

  private async load(site: HostedSiteRow): Promise<HostedSite> {
    const files = new Map<string, HostedFile>();
    const route = siteRouter((p) => files.get(p));
    if (!site.current_deployment_id) return { site, files, route };
    const [rows, deployment] = await Promise.all([
      filesOfDeployment(this.db, site.current_deployment_id),
      deploymentById(this.db, site.current_deployment_id),
    ]);
    const immutable = immutablePaths(deployment?.build_info ?? null);
    for (const row of rows) {
      files.set(row.path, new CachedFile(this.blobs, row, immutable.has(row.path)));
    }
    return { site, files, route };
  }
}

/** A file's compressed variants by bits (1: br, 2: gzip): four sets shared by all cached files. */
const VARIANTS: ReadonlyArray<ReadonlySet<Encoding>> = [
  new Set(),
  new Set(['br']),
  new Set(['gzip']),
  new Set(['br', 'gzip']),
];

/**
 * One file of a cached manifest. Its fields and shared methods only: a hundred thousand
 * cached sites hold their files' facts, not a closure per file that kept the database
 * driver's whole row alive.
 */
class CachedFile implements HostedFile {
  readonly path: string;
  readonly contentType: string;
  readonly sha256: string;
  readonly size: number;
  readonly encodings: ReadonlySet<Encoding>;
  readonly stream?: HostedFile['stream'];
  private readonly br: string | null;
  private readonly gzip: string | null;
  private readonly deploymentId: string;

  constructor(
    private readonly blobs: BlobCache,
    row: DeploymentFileRow,
    readonly immutable: boolean,
  ) {
    this.path = row.path;
    this.contentType = row.content_type;
    this.sha256 = row.sha256;
    this.size = row.size;
    this.br = row.br_sha256;
    this.gzip = row.gzip_sha256;
    this.deploymentId = row.deployment_id;
    this.encodings = VARIANTS[(row.br_sha256 ? 1 : 0) | (row.gzip_sha256 ? 2 : 0)]!;
    if (row.size > STREAM_ABOVE_BYTES) {
      this.stream = (encoding: Encoding, range?: ByteRange) =>
        this.blobs.stream(this.hashOf(encoding), range, {
          deploymentId: this.deploymentId,
          path: this.path,
        });
    }
  }

  read(encoding: Encoding): Buffer | Promise<Buffer> {
    const sha = this.hashOf(encoding);
    return (
      this.blobs.peek(sha) ??
      this.blobs.get(sha).catch((err: unknown) => {
        throw err instanceof BrokenBlobError
          ? err.of({ deploymentId: this.deploymentId, path: this.path })
          : err;
      })
    );
  }

  private hashOf(encoding: Encoding): string {
    return (encoding === 'br' ? this.br : encoding === 'gzip' ? this.gzip : null) ?? this.sha256;
  }
}

/**
 * The cached site with a fresh row of the same files. An unchanged row keeps the cached
 * object: what hosting works out once per row (the look, the serve options) stays worked
 * out, instead of being worked out again after every check of a hot site.
 */
function withRow(known: HostedSite, row: HostedSiteRow): HostedSite {
  const keys = Object.keys(row) as Array<keyof HostedSiteRow>;
  const same =
    keys.length === Object.keys(known.site).length && keys.every((k) => known.site[k] === row[k]);
  return same ? known : { ...known, site: fastRow(row) };
}

/**
 * The row as hosting keeps it. A database driver hands over a site's row (some thirty columns
 * set one by one) as a dictionary-mode object, so each of the many reads of its columns on a
 * request was a hash lookup; a spread copy gets V8's fast, shape-based properties.
 */
function fastRow(row: HostedSiteRow): HostedSiteRow {
  return { ...row };
}

/** Whether a fresh row still serves the cached files (else the manifest is read again). */
function sameFiles(known: HostedSiteRow, row: HostedSiteRow): boolean {
  return (
    known.id === row.id &&
    known.current_deployment_id === row.current_deployment_id &&
    known.expires_at === row.expires_at &&
    (known.disabled_at ?? null) === (row.disabled_at ?? null)
  );
}

function immutablePaths(buildInfo: string | null): Set<string> {
  if (!buildInfo) return new Set();
  try {
    const manifest = JSON.parse(buildInfo) as {
      files?: Array<{ path: string; immutable?: boolean }>;
    };
    return new Set((manifest.files ?? []).filter((f) => f.immutable).map((f) => f.path));
  } catch {
    return new Set();
  }
}
