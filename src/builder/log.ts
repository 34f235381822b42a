import type { BuildLogLine } from './types';

/** Collects the named steps a person watches in the deployment console. */
export class BuildLog {
  readonly lines: BuildLogLine[] = [];
  readonly warnings: string[] = [];
  constructor(private readonly onLog?: (line: BuildLogLine) => void) {}

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
    const started = performance.now();
    const value = await run();
    const ms = performance.now() - started;
    this.add(step, `${describe(value)} (${Math.round(ms)} ms)`, 'info', ms);
    return value;
  }
}
