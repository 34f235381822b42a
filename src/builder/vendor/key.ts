import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NPM_SPECIFIERS, packageName } from './specs';
import { REPO_ROOT, RUNTIME_DIR } from './paths';

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

export function packageVersion(pkg: string): string {
  try {
    const json = requireFromRoot(`${pkg}/package.json`) as { version?: string };
    return json.version ?? '0.0.0';
  } catch {
    // packages whose exports map hides package.json: find it next to the resolved entry
    let dir = path.dirname(requireFromRoot.resolve(pkg));
    for (;;) {
      try {
        const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (json.name === pkg) return json.version ?? '0.0.0';
      } catch {
        // keep walking up
      }
      const up = path.dirname(dir);
      if (up === dir) return '0.0.0';
      dir = up;
    }
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Names one vendor build: package versions plus the kit's and builder's own sources, so
 * changing either rebuilds it, and a stale folder is never reused.
 */
export function vendorKey(): string {
  const hash = createHash('sha256');
  hash.update('v1');
  for (const spec of NPM_SPECIFIERS) hash.update(`${spec}@${packageVersion(packageName(spec))}\n`);
  const vendorSources = listFiles(path.dirname(RUNTIME_DIR) + '/vendor');
  for (const file of [
    ...listFiles(RUNTIME_DIR),
    ...vendorSources,
    path.dirname(RUNTIME_DIR) + '/contract.ts',
  ].sort()) {
    hash.update(file.slice(RUNTIME_DIR.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
