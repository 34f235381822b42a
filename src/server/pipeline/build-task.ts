import type { MessagePort } from 'node:worker_threads';
import type { BuildInput, BuildLogLine, BuildResult } from '../../builder/types';

// What the server and a build thread pass each other (build-pool.ts, build-worker.ts).

/** The message that asks a running build to stop at its next step. */
export const STOP = 'stop';

export interface BuildTask {
  input: BuildInput;
  /**
   * Log lines travel back through this port as they happen, then a closing null; STOP
   * travels the other way.
   */
  port: MessagePort;
  registry: string;
  cacheDir: string;
  /** The package cache's quota, in bytes (shared by every build using `cacheDir`). */
  cacheQuotaBytes: number;
}

export type BuildOutcome =
  | { ok: true; result: BuildResult }
  | {
      ok: false;
      message: string;
      location?: { file?: string; line: number; column: number; lineText?: string };
      logs: BuildLogLine[];
      /** False when the builder crashed rather than refusing the input. */
      expected: boolean;
    };

/** What each thread of a pool is started with. */
export interface BuildThreadData {
  /** The thread's CPU niceness: how readily its builds yield the core to the server. */
  nice: number;
}
