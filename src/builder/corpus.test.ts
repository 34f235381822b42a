import { describe, expect, it } from 'vitest';
import { loadCorpus, sampleInput } from '../../test/builder-corpus';
import { build, BuildError, type PackageResolver } from './index';

// No network in tests: every long-tail package "does not exist".
const offlineNpm: PackageResolver = async (name) => {
  throw new BuildError(`The package "${name}" does not exist on npm.`);
};

describe('the artifact corpus', () => {
  for (const sample of loadCorpus()) {
    it(`${sample.file} ${sample.expect}`, async () => {
      const run = build(sampleInput(sample), { resolvePackage: offlineNpm });
      if (sample.needsNpm) {
        // offline, the one package it needs from npm is the only thing missing
        const err = await run.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(BuildError);
        expect((err as BuildError).message).toMatch(
          new RegExp(`^The package "${sample.needsNpm}[/"].* does not exist on npm`),
        );
        return;
      }
      if (sample.expect === 'fails') {
        const err = await run.then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(BuildError);
        expect((err as BuildError).message).toContain(sample.errorIncludes);
        if (sample.errorLine) expect((err as BuildError).location?.line).toBe(sample.errorLine);
        return;
      }
      const result = await run;
      const paths = result.files.map((f) => f.path);
      expect(paths).toContain('index.html');
      expect(result.manifest.files).toHaveLength(result.files.length);
      for (const f of result.files) {
        if (/text|javascript|json|svg/.test(f.contentType)) {
          expect(f.gzip, f.path).toBeDefined();
          expect(f.br, f.path).toBeDefined();
        }
      }
      const html = new TextDecoder().decode(
        result.files.find((f) => f.path === 'index.html')!.content,
      );
      // the page runtime only where the artifact uses window.storage or window.claude
      const usesRuntime = sample.features.some((f) => /window\.(storage|claude)/.test(f));
      if (usesRuntime) expect(html).toMatch(/assets\/runtime-\w+\.js/);
      else expect(html).not.toMatch(/runtime-\w+\.js/);
    });
  }
});
