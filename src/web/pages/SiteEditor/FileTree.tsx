import { FileCode2, FileLock2, Folder } from 'lucide-react';
import type { SourceFile } from '../../../shared/site-source';
import { cn } from '../../components/ui/cn';

// The editor's file list: the site's files as a tree, the open one marked, edited and failing
// files flagged; binary and very large files listed but not openable.

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The site's files as a tree; a text file opens in the editor when chosen. */
export function FileTree({
  files,
  openPath,
  changed,
  problemPath,
  onOpen,
}: {
  files: SourceFile[];
  openPath: string | null | undefined;
  changed: (path: string) => boolean;
  problemPath: string | null | undefined;
  onOpen: (path: string) => void;
}) {
  return (
    <nav aria-label="Files">
      <ul className="space-y-0.5">
        {treeRows(files).map((row) =>
          row.kind === 'folder' ? (
            <li
              key={`folder:${row.path}`}
              className="flex items-center gap-1.5 px-2 py-1 text-sm font-medium text-slate-500 dark:text-slate-400"
              style={{ paddingLeft: `${0.5 + row.depth * 0.75}rem` }}
            >
              <Folder className="h-3.5 w-3.5 shrink-0" aria-hidden />
              <span className="truncate">{row.name}</span>
            </li>
          ) : (
            <FileRow
              key={row.file.path}
              file={row.file}
              depth={row.depth}
              open={row.file.path === openPath}
              changed={changed(row.file.path)}
              failed={row.file.path === problemPath}
              onOpen={() => onOpen(row.file.path)}
            />
          ),
        )}
      </ul>
    </nav>
  );
}

type TreeRow =
  | { kind: 'folder'; path: string; name: string; depth: number }
  | { kind: 'file'; file: SourceFile; depth: number };

/** The sorted paths as a tree: each folder once, above its files, indented by depth. */
function treeRows(files: SourceFile[]): TreeRow[] {
  const rows: TreeRow[] = [];
  const shown = new Set<string>();
  for (const file of files) {
    const steps = file.path.split('/');
    for (let depth = 0; depth < steps.length - 1; depth++) {
      const path = steps.slice(0, depth + 1).join('/');
      if (shown.has(path)) continue;
      shown.add(path);
      rows.push({ kind: 'folder', path, name: steps[depth] ?? '', depth });
    }
    rows.push({ kind: 'file', file, depth: steps.length - 1 });
  }
  return rows;
}

function FileRow({
  file,
  depth,
  open,
  changed,
  failed,
  onOpen,
}: {
  file: SourceFile;
  depth: number;
  open: boolean;
  changed: boolean;
  failed: boolean;
  onOpen: () => void;
}) {
  const name = file.path.split('/').pop();
  if (file.text === null) {
    return (
      <li
        className="flex items-center gap-1.5 rounded px-2 py-1 text-sm text-slate-400 dark:text-slate-500"
        style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
        title="Binary and very large files cannot be edited here"
      >
        <FileLock2 className="h-3.5 w-3.5 shrink-0" aria-hidden />
        <span className="truncate">{name}</span>
        <span className="ml-auto shrink-0 text-xs">{sizeText(file.size)}</span>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={open ? 'true' : undefined}
        title={file.path}
        className={cn(
          'flex w-full items-center gap-1.5 rounded px-2 py-1 text-left text-sm',
          open
            ? 'bg-brand-50 font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-300'
            : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        )}
        style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
      >
        <FileCode2 className="h-3.5 w-3.5 shrink-0" aria-hidden />
        <span className="truncate">{name}</span>
        {failed && <span className="sr-only">(has the build error)</span>}
        {changed && (
          <span className="ml-auto shrink-0 text-xs text-amber-600 dark:text-amber-400">
            changed
          </span>
        )}
        {failed && (
          <span
            className="ml-auto h-2 w-2 shrink-0 rounded-full bg-red-500"
            aria-hidden
            title="The build error is in this file"
          />
        )}
      </button>
    </li>
  );
}
