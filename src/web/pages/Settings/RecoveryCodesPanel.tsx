import { Download, LifeBuoy } from 'lucide-react';
import { CopyButton } from '../../components/CopyButton';
import { Button } from '../../components/ui/Button';

/** Recovery codes, shown once right after they are made: copy, download, then done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const blob = new Blob(
      [
        `Artifact Host recovery codes\n\nEach code signs you in once if you can't use your authenticator app or passkey.\n\n${text}\n`,
      ],
      { type: 'text/plain' },
    );
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'artifact-host-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div
      className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
      aria-labelledby="recovery-codes-title"
      role="region"
    >
      <div className="flex items-start gap-3">
        <LifeBuoy
          className="mt-0.5 h-5 w-5 shrink-0 text-amber-700 dark:text-amber-300"
          aria-hidden
        />
        <div>
          <h3 id="recovery-codes-title" className="font-semibold">
            Save your recovery codes
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            If you lose your phone, each of these codes lets you sign in once. Keep them somewhere
            safe, like a password manager. We won&rsquo;t show them again.
          </p>
        </div>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-white p-3 font-mono text-sm dark:bg-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy recovery codes" />
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="h-4 w-4" aria-hidden /> Download
        </Button>
        <Button size="sm" onClick={onDone}>
          I&rsquo;ve saved them
        </Button>
      </div>
    </div>
  );
}
