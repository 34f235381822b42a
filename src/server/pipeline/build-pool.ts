import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BuildInput, BuildLogLine } from '../../builder/types';
import type { BuildOutcome, BuildTask } from './build-worker';
import { compiledBuildWorker } from './compile-worker';

export interface BuildPoolOptions {
  concurrency: number;
  registry: string;
  cacheDir: string;
}

/** Bounded pool of builder threads; log lines stream back while a build runs. */
export class BuildPool {
  private readonly pool: Piscina<BuildTask, BuildOutcome>;

  constructor(private readonly opts: BuildPoolOptions) {
    this.pool = new Piscina({
      filename: compiledBuildWorker(),
      // One thread stays warm: a deploy should not wait for a thread and the builder to load.
      minThreads: 1,
      maxThreads: opts.concurrency,
      idleTimeout: 60_000,
    });
  }

  async run(
    input: BuildInput,
    onLog: (line: BuildLogLine) => void,
    signal?: AbortSignal,
  ): Promise<BuildOutcome> {
    const { port1, port2 } = new MessageChannel();
    let ended!: () => void;
    const allLines = new Promise<void>((resolve) => (ended = resolve));
    port1.on('message', (line: BuildLogLine | null) => (line ? onLog(line) : ended()));
    port1.on('close', () => ended());
    try {
      const task: BuildTask = {
        input,
        port: port2,
        registry: this.opts.registry,
        cacheDir: this.opts.cacheDir,
      };
      const outcome = await this.pool.run(task, {
        transferList: [port2],
        ...(signal ? { signal } : {}),
      });
      await Promise.race([allLines, new Promise((r) => setTimeout(r, 1000))]);
      return outcome;
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
