import { workerData } from 'piscina';
import { compressText } from '../../builder/compress';
import type { RecompressTask, RecompressThreadData } from './recompression';
import { lowerThreadPriority } from './thread-priority';

// Runs inside the recompression thread: a second of brotli's best never blocks the server's
// loop, and at its niceness it yields the core to serving and to builds.

const { nice } = workerData as RecompressThreadData;
if (nice > 0) lowerThreadPriority(nice);

export default function recompress(task: RecompressTask): { gzip: Uint8Array; br: Uint8Array } {
  return compressText(task.content, 'best');
}
