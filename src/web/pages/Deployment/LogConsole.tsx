import { Terminal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../components/ui/cn';

// Within this many pixels of the bottom the reader counts as following the newest line.
const FOLLOW_SLACK_PX = 24;

function lineTone(line: string): string | undefined {
  if (/\b(error|failed)\b/i.test(line)) return 'text-red-400';
  if (/\bwarn(ing)?\b/i.test(line)) return 'text-amber-300';
  return undefined;
}

/** The build's log lines as they arrive; follows the newest unless the reader scrolled up. */
export function LogConsole({ lines, note }: { lines: string[]; note?: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const el = box.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [lines.length, note]);

  return (
    <section
      aria-labelledby="build-log-title"
      className="overflow-hidden rounded-xl border border-slate-800 shadow-sm"
    >
      <h2
        id="build-log-title"
        className="flex items-center gap-2 border-b border-slate-800 bg-slate-900 px-4 py-2 text-xs font-medium text-slate-400"
      >
        <Terminal className="h-4 w-4" aria-hidden /> Build log
      </h2>
      <div
        ref={box}
        role="log"
        aria-live="polite"
        aria-labelledby="build-log-title"
        // Scrollable content must be reachable from the keyboard.
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX;
        }}
        className="max-h-96 min-h-40 overflow-auto bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-200"
      >
        {lines.length === 0 && !note && <p className="text-slate-500">Waiting for build logs...</p>}
        {lines.length > 0 && (
          <ol>
            {lines.map((line, i) => (
              <li key={i} className={cn('flex gap-3', lineTone(line))}>
                <span className="w-6 shrink-0 select-none text-right text-slate-600" aria-hidden>
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 whitespace-pre-wrap break-words">{line}</span>
              </li>
            ))}
          </ol>
        )}
        {note && <p className="text-red-400">{note}</p>}
      </div>
    </section>
  );
}
