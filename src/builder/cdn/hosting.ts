import type { BuildLog } from '../log';
import type { ModuleBuilder, PackageFetcher, PackageFiles } from '../npm/package-files';
import type { CdnLink } from './links';

// One build's state while its pages' CDN links are made local.

/** Distinct packages one build fetches for CDN links; a page listing more is not a real one. */
export const MAX_PACKAGES = 40;

/** Where files of a package land in the site; the package's own layout is kept below it. */
export const CDN_DIR = 'assets/cdn';

export interface SelfHosting {
  fetchPackage: PackageFetcher | undefined;
  buildModule: ModuleBuilder | undefined;
  log: BuildLog;
  /** Files to add to the site, by site path. Shared by every page of one build. */
  assets: Map<string, Uint8Array>;
  /** One answer per URL within a build, however many pages link it. */
  done: Map<string, Promise<string[] | null>>;
  /** Packages the pages load as ES module builds (esm.sh & co), with the range asked for. */
  modulePackages: Map<string, string>;
  /** ES module builds made, by package, version range and subpath. */
  modules: Map<string, Promise<string>>;
  /** Bare imports left in module builds, still to be given a local module. */
  unresolved: Set<string>;
  /** Import map entries the pages need for those bare imports. */
  imports: Map<string, string>;
  /** Packages fetched so far for this build's links. */
  packages: Set<string>;
  /** URLs already named in the log as kept on their third-party host. */
  noted: Set<string>;
}

export function selfHosting(
  fetchPackage: PackageFetcher | undefined,
  log: BuildLog,
  buildModule?: ModuleBuilder,
): SelfHosting {
  return {
    fetchPackage,
    buildModule,
    log,
    assets: new Map(),
    done: new Map(),
    modulePackages: new Map(),
    modules: new Map(),
    unresolved: new Set(),
    imports: new Map(),
    packages: new Set(),
    noted: new Set(),
  };
}

export type NpmLink = Extract<CdnLink, { kind: 'npm' }>;

function hostOf(url: string): string {
  try {
    return new URL(url.startsWith('//') ? `https:${url}` : url).hostname;
  } catch {
    return 'that site';
  }
}

/** One log line for a third-party file the page still loads from elsewhere, and why. */
export function kept(ctx: SelfHosting, url: string, why: string) {
  if (ctx.noted.has(url)) return;
  ctx.noted.add(url);
  ctx.log.warn(
    'cdn',
    `Kept ${url} as written: ${why}. Visitors who cannot reach ${hostOf(url)} will not get it`,
  );
}

/** A script, stylesheet or font from a host that is no CDN of npm packages. */
export function keptThirdParty(
  ctx: SelfHosting,
  url: string,
  what: 'script' | 'stylesheet' | 'font' | 'module',
) {
  if (!/^(https?:)?\/\//i.test(url)) return;
  kept(ctx, url, `a ${what} from ${hostOf(url)}, which is not a copy of an npm package`);
}

export async function fetchPackage(
  ctx: SelfHosting,
  url: string,
  name: string,
  range: string,
): Promise<PackageFiles | null> {
  if (!ctx.fetchPackage) {
    kept(ctx, url, 'no npm registry is available to this build');
    return null;
  }
  ctx.packages.add(name);
  if (ctx.packages.size > MAX_PACKAGES) {
    kept(ctx, url, `one site may take at most ${MAX_PACKAGES} packages from CDN links`);
    return null;
  }
  try {
    return await ctx.fetchPackage(name, range);
  } catch (err) {
    kept(ctx, url, (err as Error).message);
    return null;
  }
}
