import { FileArchive, FileCode2, UploadCloud, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
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
  onChange: (file: File | null, problem: string | null) => void;
  error: string | null;
  disabled?: boolean;
}

/** Drag-and-drop or browse; several files may be chosen, only the first is sent. */
export function FileDropZone({ file, onChange, error, disabled }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const first = files?.[0];
    if (!first) return;
    const problem = fileProblem(first);
    onChange(problem ? null : first, problem);
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  };

  if (file) {
    const Icon = file.name.toLowerCase().endsWith('.zip') ? FileArchive : FileCode2;
    return (
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/50">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <p className="text-xs text-slate-500">{formatKB(file.size)}</p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => onChange(null, null)}
          aria-label={`Remove ${file.name}`}
          disabled={disabled}
        >
          <X className="h-4 w-4" aria-hidden />
        </Button>
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
        onDragLeave={() => setDragging(false)}
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
        <p className="mt-1 text-xs text-slate-500">.html or .zip, up to 10 MB</p>
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
          tabIndex={-1}
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <Button
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
