// Where bench:serve's two sides run. Left to the scheduler, the servers, wrk and the node's
// own threads swap cores from one moment to the next: on a two-core virtual machine two
// identical bare Node servers measured 0.77 to 1.24 of each other round by round. With the
// server side (this process, nginx's worker, Caddy) on the first core and the load (wrk) on
// the others, the same pair measured 0.96 to 1.07. Linux's taskset does it; where it is
// missing, or with one core, nothing is pinned and the bench says so.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

const CORES = os.availableParallelism();
/** The cores wrk runs on while the sides are pinned: all but the first. */
const LOAD_CORES = `1-${CORES - 1}`;

let pinned = false;

function taskset(args: string[]): boolean {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts this process and all its threads (V8's, libuv's) on the first core; processes started
 * meanwhile (nginx, Caddy) inherit it, and wrk runs on the others. Says whether it could.
 */
export function pinSides(): boolean {
  pinned = CORES > 1 && taskset(['-a', '-p', '-c', '0', String(process.pid)]);
  return pinned;
}

/**
 * Lets this process run on every core again. The handshake clients need it: a client's side
 * of a full handshake costs more than the server's, so clients held on one core would
 * measure themselves.
 */
export function unpinSides(): void {
  if (pinned) taskset(['-a', '-p', '-c', `0-${CORES - 1}`, String(process.pid)]);
  pinned = false;
}

/** The command line that runs `file` on the load side's cores (as it is when not pinned). */
export function onLoadCores(file: string, args: string[]): [string, string[]] {
  return pinned ? ['taskset', ['-c', LOAD_CORES, file, ...args]] : [file, args];
}
