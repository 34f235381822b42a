import { useEffect, useId, useState } from 'react';
import { embedSnippet } from '../../../shared/embed';
import type { Site } from '../../../shared/site';
import { CopyButton } from '../../components/CopyButton';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/Dialog';
import { inputStyles } from '../../components/ui/Field';
import { errorMessage } from '../../api/client';
import { useSaveEmbedding } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';

/**
 * The <iframe> snippet of a site, with a copy button, and (for those who may change the site)
 * which pages may show it: anyone, or only the origins listed.
 */
export function EmbedDialog({
  site,
  open,
  onClose,
  readOnly,
}: {
  site: Site;
  open: boolean;
  onClose: () => void;
  readOnly: boolean;
}) {
  const snippet = embedSnippet(`${site.customDomainUrl ?? site.url}/`, site.name);
  const saved = site.embedding.allowedOrigins;
  const [restricted, setRestricted] = useState(saved !== null);
  const [origins, setOrigins] = useState((saved ?? []).join('\n'));
  const save = useSaveEmbedding(site.id);
  const notify = useToast();
  const ids = useId();

  useEffect(() => {
    if (!open) return;
    setRestricted(saved !== null);
    setOrigins((saved ?? []).join('\n'));
    save.reset();
    // Only on opening: what was saved is where editing starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = () => {
    const list = origins
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean);
    save.mutate(restricted ? list : null, {
      onSuccess: () => notify({ type: 'success', title: 'Embedding settings saved' }),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Embed this site"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!readOnly && (
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          )}
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Paste this into any page to show the live site. Editors that read oEmbed links (Notion,
        Medium, WordPress) embed it from the site&apos;s address alone.
      </p>
      <label htmlFor={`${ids}-snippet`} className="mt-4 block text-sm font-medium">
        Embed code
      </label>
      <textarea
        id={`${ids}-snippet`}
        readOnly
        rows={3}
        value={snippet}
        onFocus={(e) => e.currentTarget.select()}
        className={cn(
          inputStyles,
          'mt-1.5 border-slate-300 font-mono text-xs dark:border-slate-700',
        )}
      />
      <div className="mt-2 flex justify-end">
        <CopyButton text={snippet} label="Copy embed code" />
      </div>
      <fieldset className="mt-4" disabled={readOnly}>
        <legend className="text-sm font-medium">Who may embed it</legend>
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="radio" checked={!restricted} onChange={() => setRestricted(false)} />
          Any website
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="radio" checked={restricted} onChange={() => setRestricted(true)} />
          Only these websites
        </label>
        {restricted && (
          <>
            <label htmlFor={`${ids}-origins`} className="sr-only">
              Allowed origins
            </label>
            <textarea
              id={`${ids}-origins`}
              rows={3}
              value={origins}
              onChange={(e) => setOrigins(e.target.value)}
              placeholder={'https://notes.example.com\nhttps://blog.example.org'}
              className={cn(inputStyles, 'mt-2 border-slate-300 text-sm dark:border-slate-700')}
            />
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              One origin a line, such as https://example.com. An empty list lets no other site frame
              it.
            </p>
          </>
        )}
      </fieldset>
      {save.isError && (
        <div className="mt-3">
          <ErrorBox>
            {errorMessage(save.error, 'The embedding settings could not be saved.')}
          </ErrorBox>
        </div>
      )}
    </Dialog>
  );
}
