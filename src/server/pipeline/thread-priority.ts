import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How much builds yield: at nice 10 a busy build thread gets about a tenth of a core's share. */
export const BUILD_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread, and so of the processes it starts (esbuild's
 * service inherits it). Builds then never take the core that answers site visitors and the
 * API: a crowd of slow builds slows other builds, not serving. Linux only (a thread's id is
 * a process id to setpriority there); elsewhere builds keep the normal priority.
 */
export function lowerThreadPriority(nice = BUILD_NICE): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's nice value, as the kernel sees it (Linux). */
export function threadNice(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  // fields after the command name, which may hold spaces: nice is the 19th field
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
