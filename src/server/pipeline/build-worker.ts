import { workerData } from 'piscina';
import { createBuilder, createNpmResolver } from '../../builder';
import type { BuildLogLine, PackageResolver } from '../../builder/types';
import { STOP, type BuildOutcome, type BuildTask, type BuildThreadData } from './build-task';
import { lowerThreadPriority } from './thread-priority';

// Runs inside a piscina worker thread: the builder's CPU work never blocks the server's loop.

const { nice } = workerData as BuildThreadData;
if (nice > 0) lowerThreadPriority(nice);

const resolvers = new Map<string, PackageResolver>();
// One warm builder per thread: its esbuild context keeps node_modules parsed between builds.
const builder = createBuilder();

export default async function runBuild(task: BuildTask): Promise<BuildOutcome> {
  const key = `${task.registry}\n${task.cacheDir}\n${task.cacheQuotaBytes}`;
  let resolvePackage = resolvers.get(key);
  if (!resolvePackage) {
    resolvePackage = createNpmResolver({
      registry: task.registry,
      cacheDir: task.cacheDir,
      cacheQuotaBytes: task.cacheQuotaBytes,
    });
    resolvers.set(key, resolvePackage);
  }
  const stop = new AbortController();
  task.port.on('message', (message) => {
    if (message === STOP) stop.abort(new Error('The build was stopped.'));
  });
  try {
    const result = await builder.build(task.input, {
      onLog: (line) => task.port.postMessage(line),
      resolvePackage,
      signal: stop.signal,
    });
    return { ok: true, result };
  } catch (err) {
    // Class identity does not survive the thread boundary: send plain data.
    const e = err as Error & {
      location?: { file?: string; line: number; column: number; lineText?: string };
      logs?: BuildLogLine[];
    };
    return {
      ok: false,
      message: e.message || String(err),
      ...(e.location ? { location: e.location } : {}),
      logs: Array.isArray(e.logs) ? e.logs : [],
      expected: e.name === 'BuildError',
    };
  } finally {
    // null marks the end: lines and the result travel on different channels.
    task.port.postMessage(null);
    task.port.close();
  }
}
