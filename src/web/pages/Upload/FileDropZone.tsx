import { FileArchive, FileCode2, UploadCloud, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_MESSAGES } from '../../../shared/deployment';
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from '../../../shared/limits';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatKB } from '../../lib/format';

/** The checks the server makes too, so a wrong file is refused before it is sent. */
export function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_UPLOAD_EXTENSIONS.some((ext) => name.endsWith(ext)))
    return UPLOAD_MESSAGES.wrongType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return null;
}

interface FileDropZoneProps {
  file: File | null;
  /** A refused file comes back as null with the reason. */
  onChange: (file: File | null, problem: string | null) => void;
  error: string | null;
  disabled?: boolean;
}

/** Drag-and-drop or browse; several files may be chosen, only the first is sent. */
export function FileDropZone({ file, onChange, error, disabled }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const browse = useRef<HTMLButtonElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  // Choosing or removing swaps the button that had focus for another; focus follows.
  const moveFocus = useRef(false);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [ignored, setIgnored] = useState(0);

  const take = (files: FileList | null) => {
    const first = files?.[0];
    if (!first) return;
    const problem = fileProblem(first);
    setIgnored(problem ? 0 : (files?.length ?? 1) - 1);
    moveFocus.current = !problem;
    onChange(problem ? null : first, problem);
  };

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (file ? remove : browse).current?.focus();
  }, [file]);

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  };

  if (file) {
    const Icon = file.name.toLowerCase().endsWith('.zip') ? FileArchive : FileCode2;
    return (
      <div>
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/50">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{file.name}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{formatKB(file.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            ref={remove}
            onClick={() => {
              setIgnored(0);
              moveFocus.current = true;
              onChange(null, null);
            }}
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {ignored > 0 && (
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Only the first file is deployed; the other {ignored === 1 ? 'one was' : 'ones were'}{' '}
            left out. To deploy a whole site with several files, upload it as one .zip.
          </p>
        )}
      </div>
    );
  }

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={(e) => {
          // Moving over the zone's own text and button is still "over the zone".
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          dragging
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/20'
            : error
              ? 'border-red-400 dark:border-red-500'
              : 'border-slate-300 dark:border-slate-700',
        )}
      >
        <UploadCloud
          className={cn('h-10 w-10', dragging ? 'text-brand-600' : 'text-slate-400')}
          aria-hidden
        />
        <p className="mt-3 text-sm font-medium">
          {dragging ? 'Drop it here' : 'Drag and drop your file here'}
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          An .html page or a .zip of a whole site, up to 10 MB
        </p>
        <label htmlFor={inputId} className="sr-only">
          Choose a file to deploy
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".html,.zip"
          multiple
          className="sr-only"
          // The visible Browse button is the keyboard stop; the input is only its engine.
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
          ref={browse}
          type="button"
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => input.current?.click()}
          disabled={disabled}
        >
          Browse files
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
