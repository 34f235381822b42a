import type { Progress } from './follow';

// What `deploy` shows while it waits. On a terminal: one progress bar redrawn in place, log
// lines scrolling above it. Piped: plain lines only, one per log line or status change, so
// CI logs stay readable. All of it goes to stderr; stdout carries only the URL (or the JSON).

const WIDTH = 24;

export interface ProgressView {
  update(p: Progress): void;
  done(): void;
}

export function progressView(stream: NodeJS.WriteStream, quiet: boolean): ProgressView {
  if (quiet) return { update: () => undefined, done: () => undefined };
  let printed = 0;
  let lastStatus: string | null = null;
  const tty = Boolean(stream.isTTY);
  let barShown = false;
  const clearBar = () => {
    if (barShown) stream.write('\r\x1b[2K');
    barShown = false;
  };
  return {
    update(p) {
      if (tty) clearBar();
      for (const line of p.logs.slice(printed)) stream.write(`  ${line}\n`);
      printed = Math.max(printed, p.logs.length);
      if (tty) {
        const filled = Math.round((Math.min(100, Math.max(0, p.progress)) / 100) * WIDTH);
        const bar = '█'.repeat(filled) + '░'.repeat(WIDTH - filled);
        stream.write(`${bar} ${String(p.progress).padStart(3)}%  ${p.message ?? p.status}`);
        barShown = true;
      } else if (p.status !== lastStatus) {
        stream.write(`${p.status.toLowerCase()}${p.message ? `: ${p.message}` : ''}\n`);
      }
      lastStatus = p.status;
    },
    done() {
      if (tty) clearBar();
    },
  };
}

/** Columns padded to their widest cell, for `sites`. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}
