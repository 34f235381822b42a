import { hashName, makeFile } from './output';
import { runtimeScript } from './runtime-script';
import type { BuiltFile } from './types';

/**
 * The APIs Claude gives artifacts, each a module of runtime/ that puts itself on window, and
 * Anthropic's Messages URL, which `anthropic` answers by taking over window.fetch for it.
 */
export const RUNTIME_APIS = ['storage', 'claude', 'anthropic', 'fs'] as const;
export type RuntimeApi = (typeof RUNTIME_APIS)[number];
// What brings each in: the API's name as a word, or for `anthropic` the URL's host. A page
// that only calls window.claude.complete does without the fetch route, about half the bytes.
const API_WORDS = RUNTIME_APIS.map(
  (api) => [api, api === 'anthropic' ? /api\.anthropic\.com/ : new RegExp(`\\b${api}\\b`)] as const,
);

/**
 * The runtime APIs code may use: those it names (window.storage, window.claude, window.fs, and
 * Anthropic's URL).
 * Bare words are matched, so a mention in a comment or a text brings an API in (never the
 * reverse); a page that names none skips the runtime, a request and a kilobyte.
 */
export function runtimeApisUsed(texts: Iterable<string>): RuntimeApi[] {
  const used = new Set<RuntimeApi>();
  for (const text of texts) for (const [api, word] of API_WORDS) if (word.test(text)) used.add(api);
  return RUNTIME_APIS.filter((api) => used.has(api));
}

const runtimes = new Map<string, Promise<BuiltFile>>();

/**
 * The page runtime with the given APIs as a classic script, compiled once per process and set
 * of APIs; every site using the same APIs carries the same bytes under the same hashed name.
 */
export function siteRuntime(apis: readonly RuntimeApi[] = RUNTIME_APIS): Promise<BuiltFile> {
  const key = apis.join(',');
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = runtimeScript(apis.map((api) => `import './${api}';`).join('\n')).then((out) => {
      const code = out.contents;
      return makeFile(hashName('runtime', '.js', code), code, true);
    });
    runtime.catch(() => runtimes.delete(key));
    runtimes.set(key, runtime);
  }
  return runtime;
}

/** The runtime's tag, first in <head> so inline scripts already see window.storage. */
export function runtimeTag(file: BuiltFile, prefix = './'): string {
  return `<script src="${prefix}${file.path}"></script>`;
}
