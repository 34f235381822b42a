// Prebuilds the artifact vendor modules (react, the shadcn kit, recharts…) once, so each
// artifact build only compiles the artifact's own code. Run by `npm run build`.
import { performance } from 'node:perf_hooks';
import { ensureVendor } from '../src/builder/vendor/load';

const started = performance.now();
const vendor = await ensureVendor(process.argv[2]);
const files = Object.keys(vendor.map.files).length;
console.log(
  `Artifact vendor modules ready: ${files} files in ${vendor.dir} (${Math.round(performance.now() - started)} ms)`,
);
