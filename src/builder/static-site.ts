import { compileBabelScripts, injectRuntime, isFullDocument, wrapFragment } from './html';
import type { BuildLog } from './log';
import { makeFile } from './output';
import { VENDOR_PREFIX } from './page';
import type { BuiltFile } from './types';
import type { Vendor } from './vendor/load';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** HTML pages (pasted, uploaded, or a zip's static site): kept as written, plus the runtime. */
export async function buildStatic(
  files: Map<string, Uint8Array>,
  vendor: Vendor,
  log: BuildLog,
): Promise<BuiltFile[]> {
  const out: BuiltFile[] = [];
  let babel = 0;
  for (const [full, content] of files) {
    const path = full.replace(/^\//, '');
    if (!/\.html?$/i.test(path)) {
      out.push(await makeFile(path, content, false));
      continue;
    }
    const depth = path.split('/').length - 1;
    const prefix = depth === 0 ? './' : '../'.repeat(depth);
    let html = decoder.decode(content);
    if (!isFullDocument(html)) {
      html = wrapFragment(html);
      log.add('detect', `${path}: an HTML fragment, wrapped into a full page`);
    }
    const compiled = await compileBabelScripts(html, log, prefix);
    babel += compiled.compiled;
    for (const [name, bytes] of compiled.assets) out.push(await makeFile(name, bytes, true));
    html = injectRuntime(compiled.html, vendor, prefix);
    out.push(await makeFile(path, encoder.encode(html), false));
  }
  if (babel > 0)
    log.add(
      'transform',
      `Compiled ${babel} in-browser Babel script${babel > 1 ? 's' : ''} ahead of time`,
    );
  const runtime = await vendor.file(vendor.map.runtime);
  out.push({
    path: VENDOR_PREFIX + runtime.name,
    content: runtime.content,
    gzip: runtime.gzip,
    br: runtime.br,
    sha256: runtime.sha256,
    contentType: 'text/javascript; charset=utf-8',
    immutable: true,
  });
  return out;
}
