import { ImagePlus, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  SUPPORT_MESSAGE_MAX,
  type SupportAttachment,
  type SupportMessageRequest,
} from '../../../shared/support';
import { errorMessage } from '../../api/client';
import { Button } from '../ui/Button';
import { inputStyles } from '../ui/Field';
import { cn } from '../ui/cn';

/**
 * Writing a message: text, and optionally one screenshot uploaded first (`attach`), then
 * `send`. Enter sends; Shift+Enter starts a new line.
 */
export function Composer({
  attach,
  send,
  placeholder,
}: {
  /** Absent: this conversation takes no screenshots (a ticket's answers are e-mail). */
  attach?: ((file: File) => Promise<{ attachment: SupportAttachment }>) | undefined;
  send: (input: SupportMessageRequest) => Promise<unknown>;
  placeholder: string;
}) {
  const [body, setBody] = useState('');
  const [picture, setPicture] = useState<{ attachment: SupportAttachment; name: string } | null>(
    null,
  );
  const [busy, setBusy] = useState<'attaching' | 'sending' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), file: useId() };

  const pick = async (file: File | undefined) => {
    if (!file || !attach) return;
    setError(null);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setError(`That picture is too large: ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB is the most.`);
      return;
    }
    setBusy('attaching');
    try {
      setPicture({ ...(await attach(file)), name: file.name });
    } catch (err) {
      setError(errorMessage(err, 'The screenshot could not be attached.'));
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || (!body.trim() && !picture)) return;
    setBusy('sending');
    setError(null);
    try {
      await send({ body, ...(picture ? { attachmentId: picture.attachment.id } : {}) });
      setBody('');
      setPicture(null);
    } catch (err) {
      setError(errorMessage(err, 'Your message could not be sent.'));
    } finally {
      setBusy(null);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2">
      {error && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {picture && (
        <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <ImagePlus className="h-3.5 w-3.5" aria-hidden /> {picture.name}
          <button
            type="button"
            aria-label="Remove the screenshot"
            onClick={() => setPicture(null)}
            className="rounded p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        </p>
      )}
      <label htmlFor={ids.text} className="sr-only">
        Message
      </label>
      <textarea
        id={ids.text}
        rows={2}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKey}
        placeholder={placeholder}
        className={cn(inputStyles, 'resize-none border-slate-300 dark:border-slate-700')}
      />
      <div className="flex items-center justify-between gap-2">
        {attach ? (
          <>
            <input
              ref={fileInput}
              id={ids.file}
              type="file"
              accept={ATTACHMENT_TYPES.join(',')}
              className="sr-only"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
            <label
              htmlFor={ids.file}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              <ImagePlus className="h-4 w-4" aria-hidden />
              {busy === 'attaching' ? 'Attaching...' : 'Attach screenshot'}
            </label>
          </>
        ) : (
          <span />
        )}
        <Button type="submit" size="sm" loading={busy === 'sending'} disabled={busy !== null}>
          <Send className="h-4 w-4" aria-hidden /> Send
        </Button>
      </div>
    </form>
  );
}
