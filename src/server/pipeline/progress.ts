import type { BuildLogLine } from '../../builder/types';
import type { AppContext } from '../context';
import { writeProgress } from '../db/queries/deployments';
import type { DeploymentRow } from '../db/schema';
import { deploymentState } from '../domain/deployments/deployments';

const DB_WRITE_INTERVAL_MS = 250;

/** How far along a build is when the builder reports each step. */
const STEP_PROGRESS: Record<string, number> = {
  detect: 15,
  unpack: 20,
  transform: 35,
  resolve: 55,
  styles: 70,
  output: 80,
};

// The builder's messages already say how long a step took; line.ms is for machines.
export function formatLogLine(line: BuildLogLine): string {
  const level = line.level === 'info' ? '' : `${line.level}: `;
  return `[${line.step}] ${level}${line.message}`;
}

/**
 * A running build's progress, message and console: every change is announced at once;
 * the database gets at most one write per interval, plus the final one its ending writes.
 */
export class BuildProgress {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  readonly row: DeploymentRow;

  constructor(
    private readonly ctx: AppContext,
    row: DeploymentRow,
    private readonly userId: string,
  ) {
    this.row = { ...row };
  }

  update(fields: { progress?: number; message?: string }, line?: string): void {
    if (fields.progress !== undefined) {
      this.row.progress = Math.max(this.row.progress, Math.min(99, fields.progress));
    }
    if (fields.message !== undefined) this.row.message = fields.message;
    if (line !== undefined) {
      this.row.build_logs = this.row.build_logs ? `${this.row.build_logs}\n${line}` : line;
    }
    this.ctx.events.emit('deployment.progress', {
      deployment: deploymentState(this.row),
      userId: this.userId,
    });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.writing = this.writing
        .then(() => writeProgress(this.ctx.db, this.row.id, this.row))
        .catch((err) =>
          this.ctx.log.warn({ err, deploymentId: this.row.id }, 'saving build progress failed'),
        );
    }, DB_WRITE_INTERVAL_MS);
  }

  builderLine(line: BuildLogLine): void {
    const progress = STEP_PROGRESS[line.step];
    this.update(
      { ...(progress !== undefined ? { progress } : {}), message: `Building: ${line.step}...` },
      formatLogLine(line),
    );
  }

  /** Stops pending writes; the caller writes the final state itself. */
  async settle(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.writing;
  }
}
