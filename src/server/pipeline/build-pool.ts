import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BuildInput, BuildLogLine } from '../../builder/types';
import { STOP, type BuildOutcome, type BuildTask, type BuildThreadData } from './build-task';
import { compiledWorker } from './compile-worker';

/** How long a stopped build may take to reach its next step before its thread is terminated. */
const STOP_GRACE_MS = 3000;

export interface BuildPoolOptions {
  threads: number;
  /** CPU niceness of the pool's threads (see thread-priority.ts). */
  nice: number;
  registry: string;
  cacheDir: string;
  cacheQuotaBytes: number;
}

/** Bounded pool of builder threads; log lines stream back while a build runs. */
export class BuildPool {
  private readonly pool: Piscina<BuildTask, BuildOutcome>;

  constructor(private readonly opts: BuildPoolOptions) {
    this.pool = new Piscina({
      filename: compiledWorker('build-worker'),
      // One thread stays warm: a deploy should not wait for a thread and the builder to load.
      minThreads: 1,
      maxThreads: opts.threads,
      idleTimeout: 60_000,
      // A thread's event loop keeps running between builds: its esbuild service pings it now
      // and then and waits for the answer. Piscina's default parks an idle thread in
      // Atomics.wait, where no ping is answered, and a thread terminated so (the server
      // stopping) left a service behind that printed a Go crash dump into the server's log.
      atomics: 'async',
      workerData: { nice: opts.nice } satisfies BuildThreadData,
    });
  }

  /**
   * Runs one build. `stop` asks it to end at its next step, which keeps the thread and its
   * warm builder; a build that has not ended STOP_GRACE_MS later, or runs past `deadline`,
   * has its thread terminated.
   */
  async run(
    input: BuildInput,
    onLog: (line: BuildLogLine) => void,
    { stop, deadline }: { stop?: AbortSignal; deadline?: AbortSignal } = {},
  ): Promise<BuildOutcome> {
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const allLines = new Promise<void>((resolve) => (ended = resolve));
    port1.on('message', (line: BuildLogLine | null) => (line ? onLog(line) : ended()));
    port1.on('close', () => ended());
    const terminate = new AbortController();
    let grace: NodeJS.Timeout | undefined;
    const onStop = () => {
      port1.postMessage(STOP);
      grace = setTimeout(() => terminate.abort(stop?.reason), STOP_GRACE_MS);
    };
    stop?.addEventListener('abort', onStop, { once: true });
    if (stop?.aborted) onStop();
    try {
      const task: BuildTask = {
        input,
        port: port2,
        registry: this.opts.registry,
        cacheDir: this.opts.cacheDir,
        cacheQuotaBytes: this.opts.cacheQuotaBytes,
      };
      const outcome = await this.pool.run(task, {
        transferList: [port2],
        signal: deadline ? AbortSignal.any([terminate.signal, deadline]) : terminate.signal,
      });
      await Promise.race([allLines, new Promise((r) => setTimeout(r, 1000))]);
      return outcome;
    } finally {
      stop?.removeEventListener('abort', onStop);
      clearTimeout(grace);
      port1.close();
    }
  }

  /** The ids of the pool's live threads: a stopped build leaves its thread alive. */
  get threadIds(): number[] {
    return this.pool.threads.map((t) => t.threadId);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
