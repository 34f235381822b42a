import type { BuildLogLine } from './types';

/**
 * Collects the named steps a person watches in the deployment console. It also carries the
 * build's stop signal, since every step passes through it: a stopped build ends at its next
 * step or file (`checkpoint`), leaving its thread warm for the next build.
 */
export class BuildLog {
  readonly lines: BuildLogLine[] = [];
  readonly warnings: string[] = [];
  constructor(
    private readonly onLog?: (line: BuildLogLine) => void,
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * Throws the stop reason once the build has been stopped. It first lets the thread's
   * event loop turn, since a stop arrives as a message and a loop of awaits that resolve at
   * once would never let it in.
   */
  async checkpoint(): Promise<void> {
    if (!this.signal) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.signal.throwIfAborted();
  }

  add(step: string, message: string, level: BuildLogLine['level'] = 'info', ms?: number): void {
    const line: BuildLogLine = { step, message, level };
    if (ms !== undefined) line.ms = Math.round(ms * 10) / 10;
    this.lines.push(line);
    if (level === 'warn') this.warnings.push(message);
    this.onLog?.(line);
  }

  warn(step: string, message: string): void {
    this.add(step, message, 'warn');
  }

  /** Runs a step and closes it with a line saying what it did and how long it took. */
  async step<T>(step: string, run: () => Promise<T>, describe: (value: T) => string): Promise<T> {
    await this.checkpoint();
    const started = performance.now();
    const value = await run();
    const ms = performance.now() - started;
    this.add(step, `${describe(value)} (${Math.round(ms)} ms)`, 'info', ms);
    return value;
  }
}
