import { filesOfDeployment } from '../db/queries/deployment-files';
import { deploymentById } from '../db/queries/deployments';
import { hostedSiteBySubdomain } from '../db/queries/sites';
import type { Database } from '../db/database';
import type { SiteRow } from '../db/schema';
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
  Partial<Pick<SiteRow, 'disabled_at'>> &
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
}

const MAX_SITES = 10_000;
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

/**
 * subdomain (or, with `hostedSiteByCustomDomain`, verified custom domain) → the live
 * deployment's manifest, dropped on 'site.changed'/'site.deleted'.
 */
export class SiteCache {
  private readonly entries = new Map<string, Entry>();
  private readonly subdomainOf = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobCache,
    private readonly lookup: HostedSiteLookup = hostedSiteBySubdomain,
  ) {}

  /** The site when loaded and fresh (null: no such site); undefined when it must be awaited. */
  peek(subdomain: string, now = Date.now()): HostedSite | null | undefined {
    const entry = this.entries.get(subdomain);
    if (!entry || entry.value === undefined || now - entry.checkedAt >= REVALIDATE_AFTER_MS) {
      return undefined;
    }
    return entry.value;
  }

  get(subdomain: string): Promise<HostedSite | null> {
    const now = Date.now();
    const entry = this.entries.get(subdomain);
    if (entry && (entry.value === undefined || now - entry.checkedAt < REVALIDATE_AFTER_MS)) {
      return entry.pending;
    }
    if (!entry && this.entries.size >= MAX_SITES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const known = entry?.value;
    const next: Entry = { pending: Promise.resolve(null), checkedAt: now };
    // Until it settles, requests wait for the same answer; an unchanged site keeps its files.
    next.pending = this.revalidate(subdomain, known ?? null).then(
      (site) => {
        if (this.entries.get(subdomain) === next) {
          next.value = site;
          next.checkedAt = Date.now();
        }
        return site;
      },
      (err: unknown) => {
        if (this.entries.get(subdomain) === next) this.entries.delete(subdomain);
        throw err;
      },
    );
    this.entries.set(subdomain, next);
    return next.pending;
  }

  /** Drops what is cached of a site, and every "no such site" answer (it may be this one's). */
  invalidate(siteId: string): void {
    const subdomain = this.subdomainOf.get(siteId);
    if (subdomain) this.entries.delete(subdomain);
    for (const [key, entry] of this.entries) {
      if (entry.value === null) this.entries.delete(key);
    }
  }

  private async revalidate(
    subdomain: string,
    known: HostedSite | null,
  ): Promise<HostedSite | null> {
    const row = await this.lookup(this.db, subdomain);
    if (!row) return null;
    this.subdomainOf.set(row.id, subdomain);
    if (
      known &&
      known.site.id === row.id &&
      known.site.current_deployment_id === row.current_deployment_id &&
      known.site.expires_at === row.expires_at &&
      (known.site.disabled_at ?? null) === (row.disabled_at ?? null)
    ) {
      // Same files; the page settings and the owner's plan are read afresh all the same.
      return { ...known, site: row };
    }
    return this.load(row);
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
      const hashes: Partial<Record<Encoding, string>> = { identity: row.sha256 };
      if (row.br_sha256) hashes.br = row.br_sha256;
      if (row.gzip_sha256) hashes.gzip = row.gzip_sha256;
      const encodings = new Set(Object.keys(hashes) as Encoding[]);
      encodings.delete('identity');
      const deploymentId = row.deployment_id;
      const broken = (err: unknown) => {
        throw err instanceof BrokenBlobError ? err.of({ deploymentId, path: row.path }) : err;
      };
      files.set(row.path, {
        path: row.path,
        contentType: row.content_type,
        sha256: row.sha256,
        immutable: immutable.has(row.path),
        encodings,
        size: row.size,
        read: (encoding) => {
          const sha = hashes[encoding] ?? row.sha256;
          return this.blobs.peek(sha) ?? this.blobs.get(sha).catch(broken);
        },
        ...(row.size > STREAM_ABOVE_BYTES
          ? {
              stream: (encoding: Encoding, range?: ByteRange) =>
                this.blobs.stream(hashes[encoding] ?? row.sha256, range, {
                  deploymentId,
                  path: row.path,
                }),
            }
          : {}),
      });
    }
    return { site, files, route };
  }
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
