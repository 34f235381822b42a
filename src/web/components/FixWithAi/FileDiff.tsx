import { structuredPatch } from 'diff';
import { useMemo } from 'react';
import type { FixFile } from '../../../shared/fix-with-ai';

// A proposed file as a unified diff: the changed lines with three of context, each line
// numbered as the old and the new file count it, removals red and additions green, in words a
// screen reader reads too ("removed", "added").

const LINE = {
  '+': {
    row: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
    sign: '+',
    label: 'added',
  },
  '-': {
    row: 'bg-red-50 text-red-900 dark:bg-red-950/50 dark:text-red-200',
    sign: '−',
    label: 'removed',
  },
  ' ': { row: 'text-slate-700 dark:text-slate-300', sign: ' ', label: null },
} as const;

interface Row {
  kind: keyof typeof LINE;
  text: string;
  oldNo: number | null;
  newNo: number | null;
}

function rowsOf(file: FixFile): Array<{ header: string; rows: Row[] }> {
  const patch = structuredPatch(file.path, file.path, file.before, file.after, '', '', {
    context: 3,
  });
  return patch.hunks.map((hunk) => {
    let oldNo = hunk.oldStart;
    let newNo = hunk.newStart;
    const rows: Row[] = [];
    for (const line of hunk.lines) {
      const kind = line[0];
      // "\ No newline at end of file" says nothing a reader needs here.
      if (kind !== '+' && kind !== '-' && kind !== ' ') continue;
      rows.push({
        kind,
        text: line.slice(1),
        oldNo: kind === '+' ? null : oldNo++,
        newNo: kind === '-' ? null : newNo++,
      });
    }
    return { header: `Lines ${hunk.newStart}–${hunk.newStart + hunk.newLines - 1}`, rows };
  });
}

export function FileDiff({ file }: { file: FixFile }) {
  const hunks = useMemo(() => rowsOf(file), [file]);
  const added = hunks.flatMap((h) => h.rows).filter((r) => r.kind === '+').length;
  const removed = hunks.flatMap((h) => h.rows).filter((r) => r.kind === '-').length;
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-800/60">
        <span className="break-all font-mono text-xs font-medium text-slate-900 dark:text-slate-100">
          {file.path}
        </span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          <span className="text-emerald-700 dark:text-emerald-400">+{added}</span>{' '}
          <span className="text-red-700 dark:text-red-400">−{removed}</span>
        </span>
      </figcaption>
      <div className="max-h-80 overflow-auto bg-white dark:bg-slate-950">
        <table className="w-full border-collapse font-mono text-xs leading-5">
          {hunks.map((hunk) => (
            <tbody key={hunk.header}>
              <tr>
                <td
                  colSpan={4}
                  className="bg-slate-100 px-3 py-0.5 text-slate-500 dark:bg-slate-800 dark:text-slate-400"
                >
                  {hunk.header}
                </td>
              </tr>
              {hunk.rows.map((row, i) => {
                const look = LINE[row.kind];
                return (
                  <tr key={i} className={look.row} data-diff={look.label ?? 'same'}>
                    <td className="w-10 select-none px-2 text-right text-slate-400">
                      {row.oldNo ?? ''}
                    </td>
                    <td className="w-10 select-none px-2 text-right text-slate-400">
                      {row.newNo ?? ''}
                    </td>
                    <td className="w-4 select-none" aria-hidden>
                      {look.sign}
                    </td>
                    <td className="whitespace-pre pr-3">
                      {look.label && <span className="sr-only">{look.label}: </span>}
                      {row.text}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </figure>
  );
}
