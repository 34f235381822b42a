// Run before `npm start`: builds the web app (and prebuilds the builder's vendor modules)
// only when the output is missing or older than its sources, so a fresh clone needs just
// `npm install && npm start`, and later starts are instant.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtMarker = path.join(root, 'dist/web/index.html');
const sources = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'tailwind.config.ts',
  'package-lock.json',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt >= sourcesAt) process.exit(0);

console.log('Building the web app and the artifact builder’s vendor modules (first start only)…');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
