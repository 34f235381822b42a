import { loadCorpus, sampleInput } from '/work/wt/b-cdn/test/builder-corpus';
import { build, BuildError } from '/work/wt/b-cdn/src/builder/index';
const offline = async (n: string) => { throw new BuildError(`The package "${n}" does not exist on npm.`); };
for (const s of loadCorpus()) {
  if (s.expect !== 'renders' || s.kind === 'html') continue;
  try {
    const r = await build(sampleInput(s), { resolvePackage: offline });
    const c = r.logs.filter((l) => l.step === 'check');
    if (c.length) console.log(s.file, c.map((l) => l.message));
  } catch (e) { console.log(s.file, 'ERR', (e as Error).message.slice(0, 80)); }
}
