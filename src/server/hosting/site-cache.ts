import type { Database } from '../db/database';
import type { SiteRow } from '../db/schema';
import type { BlobCache } from './blob-cache';
import type { Encoding, HostedFile } from './serve';

export interface HostedSite {
  site: Pick<SiteRow, 'id' | 'user_id' | 'expires_at' | 'current_deployment_id'>;
  files: Map<string, HostedFile>;
}

const MAX_SITES = 10_000;

/**
 * subdomain → the live deployment's manifest, loaded once and kept until a publish,
 * rollback or delete invalidates it (across nodes through a pub/sub hook, later).
 */
export class SiteCache {
  private readonly bySubdomain = new Map<string, Promise<HostedSite | null>>();
  private readonly subdomainOf = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobCache,
  ) {}

  get(subdomain: string): Promise<HostedSite | null> {
    let entry = this.bySubdomain.get(subdomain);
    if (!entry) {
      if (this.bySubdomain.size >= MAX_SITES) {
        const oldest = this.bySubdomain.keys().next().value;
        if (oldest !== undefined) this.bySubdomain.delete(oldest);
      }
      entry = this.load(subdomain);
      entry.catch(() => this.bySubdomain.delete(subdomain));
      this.bySubdomain.set(subdomain, entry);
    }
    return entry;
  }

  invalidate(siteId: string): void {
    const subdomain = this.subdomainOf.get(siteId);
    if (subdomain) this.bySubdomain.delete(subdomain);
    // Unknown subdomains are cached as null too; one of them may be this site's.
    for (const [key, value] of this.bySubdomain) {
      void value.then((v) => {
        if (v === null && this.bySubdomain.get(key) === value) this.bySubdomain.delete(key);
      });
    }
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
    if (!site.current_deployment_id) return { site, files };
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
    return { site, files };
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
