import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from './paths';

// The versions of the packages installed with the builder, read once per process.

const versions = new Map<string, string>();

/** The installed version of a package of the builder's node_modules, or '' when absent. */
export function installedVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) {
    try {
      const json = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version?: string };
      version = json.version ?? '';
    } catch {
      version = '';
    }
    versions.set(name, version);
  }
  return version;
}

/**
 * Whether the installed copy answers a range the artifact asked for. Anything that is not a
 * plain semver range (a tag, a URL, `workspace:*`) asks for nothing in particular.
 */
export function installedSatisfies(name: string, range: string | undefined): boolean {
  const version = installedVersion(name);
  if (!version) return false;
  if (!range || !semver.validRange(range)) return true;
  // an exact pin (lodash@4.17.21 in a CDN URL) is met by a later release of the same major,
  // as semver promises: the page keeps one copy, built from what is installed
  const wanted = semver.valid(range) ? `^${range}` : range;
  return semver.satisfies(version, wanted, { includePrerelease: true });
}
