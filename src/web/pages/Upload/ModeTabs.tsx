import { Code2, Upload as UploadIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../components/ui/cn';

export type DeployMode = 'file' | 'code';

// The deploy modes, in the order the screen shows them; file upload first.
const MODES: Array<{ id: DeployMode; label: string; icon: typeof Code2 }> = [
  { id: 'file', label: 'Upload Files', icon: UploadIcon },
  { id: 'code', label: 'Paste Code', icon: Code2 },
];

export const modeTabId = (mode: DeployMode) => `deploy-mode-${mode}`;
export const modePanelId = (mode: DeployMode) => `deploy-panel-${mode}`;

/**
 * The two ways to hand over an artifact, as a tab list. Like the sign-in screen's tabs, each
 * tab is a Tab stop that Enter or Space selects; the arrow keys (and Home/End) also move
 * between them and select, for those who expect a tab list to work that way.
 */
export function ModeTabs({
  mode,
  onChange,
}: {
  mode: DeployMode;
  onChange: (mode: DeployMode) => void;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (e: KeyboardEvent, index: number) => {
    const last = MODES.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % MODES.length
        : e.key === 'ArrowLeft'
          ? (index + last) % MODES.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(MODES[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="How to add your site"
      className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium dark:bg-slate-800"
    >
      {MODES.map(({ id, label, icon: Icon }, index) => {
        const selected = mode === id;
        return (
          <button
            key={id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={modeTabId(id)}
            aria-selected={selected}
            aria-controls={modePanelId(id)}
            onClick={() => onChange(id)}
            onKeyDown={(e) => move(e, index)}
            className={cn(
              'flex items-center justify-center gap-2 rounded-md px-3 py-2 transition-colors',
              selected
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden /> {label}
          </button>
        );
      })}
    </div>
  );
}
