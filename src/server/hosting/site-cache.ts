import type { Database } from '../db/database';
import type { SiteRow } from '../db/schema';
import type { BlobCache } from './blob-cache';
import { siteRouter, type Encoding, type HostedFile, type SiteRouter } from './serve';

export interface HostedSite {
  site: Pick<SiteRow, 'id' | 'user_id' | 'expires_at' | 'current_deployment_id'>;
  files: Map<string, HostedFile>;
  /** URL → file for the live deployment, remembered per path. */
  route: SiteRouter;
}

const MAX_SITES = 10_000;

/**
 * subdomain → the live deployment's manifest, loaded once and kept until a publish,
 * rollback or delete invalidates it (across nodes through a pub/sub hook, later).
 */
export class SiteCache {
  private readonly bySubdomain = new Map<string, Promise<HostedSite | null>>();
  /** The same entries once loaded, so a hot site is answered without awaiting anything. */
  private readonly loaded = new Map<string, HostedSite | null>();
  private readonly subdomainOf = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobCache,
  ) {}

  /** The site when it is already loaded (null: no such site); undefined when it must load. */
  peek(subdomain: string): HostedSite | null | undefined {
    return this.loaded.get(subdomain);
  }

  get(subdomain: string): Promise<HostedSite | null> {
    let entry = this.bySubdomain.get(subdomain);
    if (!entry) {
      if (this.bySubdomain.size >= MAX_SITES) {
        const oldest = this.bySubdomain.keys().next().value;
        if (oldest !== undefined) this.forget(oldest);
      }
      const loading = this.load(subdomain);
      entry = loading;
      loading.then(
        (site) => {
          if (this.bySubdomain.get(subdomain) === loading) this.loaded.set(subdomain, site);
        },
        () => this.forget(subdomain),
      );
      this.bySubdomain.set(subdomain, entry);
    }
    return entry;
  }

  invalidate(siteId: string): void {
    const subdomain = this.subdomainOf.get(siteId);
    if (subdomain) this.forget(subdomain);
    // Unknown subdomains are cached as null too; one of them may be this site's.
    for (const [key, value] of this.bySubdomain) {
      void value.then((v) => {
        if (v === null && this.bySubdomain.get(key) === value) this.forget(key);
      });
    }
  }

  private forget(subdomain: string): void {
    this.bySubdomain.delete(subdomain);
    this.loaded.delete(subdomain);
  }

  private async load(subdomain: string): Promise<HostedSite | null> {
    const site = await this.db
      .selectFrom('sites')
      .select(['id', 'user_id', 'expires_at', 'current_deployment_id'])
      .where('subdomain', '=', subdomain)
      .executeTakeFirst();
    if (!site) return null;
    this.subdomainOf.set(site.id, subdomain);
    const files = new Map<string, HostedFile>();
    const route = siteRouter((p) => files.get(p));
    if (!site.current_deployment_id) return { site, files, route };
    const [rows, deployment] = await Promise.all([
      this.db
        .selectFrom('deployment_files')
        .selectAll()
        .where('deployment_id', '=', site.current_deployment_id)
        .execute(),
      this.db
        .selectFrom('deployments')
        .select('build_info')
        .where('id', '=', site.current_deployment_id)
        .executeTakeFirst(),
    ]);
    const immutable = immutablePaths(deployment?.build_info ?? null);
    for (const row of rows) {
      const hashes: Partial<Record<Encoding, string>> = { identity: row.sha256 };
      if (row.br_sha256) hashes.br = row.br_sha256;
      if (row.gzip_sha256) hashes.gzip = row.gzip_sha256;
      const encodings = new Set(Object.keys(hashes) as Encoding[]);
      encodings.delete('identity');
      files.set(row.path, {
        path: row.path,
        contentType: row.content_type,
        sha256: row.sha256,
        immutable: immutable.has(row.path),
        encodings,
        read: (encoding) => {
          const sha = hashes[encoding] ?? row.sha256;
          return this.blobs.peek(sha) ?? this.blobs.get(sha);
        },
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
