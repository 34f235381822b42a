import { spawnSync } from 'node:child_process';
import path from 'node:path';

// Browser tests drive the built app: build it first when it is missing or stale.
export default async function setup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  const root = path.resolve(import.meta.dirname, '..');
  const result = spawnSync('node', ['scripts/ensure-built.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app for the browser tests failed');
}
