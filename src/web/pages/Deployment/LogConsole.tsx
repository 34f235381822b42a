import { Terminal } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** The build's log lines as they arrive; follows the newest unless the reader scrolled up. */
export function LogConsole({ lines, note }: { lines: string[]; note?: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const el = box.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [lines.length, note]);

  return (
    <section aria-label="Build log" className="overflow-hidden rounded-xl border border-slate-800">
      <div className="flex items-center gap-2 border-b border-slate-800 bg-slate-900 px-4 py-2 text-xs font-medium text-slate-400">
        <Terminal className="h-4 w-4" aria-hidden /> Build log
      </div>
      <div
        ref={box}
        role="log"
        aria-live="polite"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="max-h-96 min-h-40 overflow-auto bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-200"
      >
        {lines.length === 0 && !note && <p className="text-slate-500">Waiting for build logs...</p>}
        {lines.map((line, i) => (
          <p
            key={i}
            className={
              /\b(error|failed)\b/i.test(line)
                ? 'text-red-400'
                : /\bwarn/i.test(line)
                  ? 'text-amber-300'
                  : undefined
            }
          >
            <span className="mr-3 select-none text-slate-600">
              {String(i + 1).padStart(2, ' ')}
            </span>
            {line}
          </p>
        ))}
        {note && <p className="text-red-400">{note}</p>}
      </div>
    </section>
  );
}
