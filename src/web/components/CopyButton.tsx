import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonStyles } from './ui/Button';
import { cn } from './ui/cn';

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers: "Copy todo". */
  label: string;
  className?: string;
  /** Icon only, for tight rows; the label still names it for screen readers. */
  compact?: boolean;
}

/** Copies text with navigator.clipboard and says 'Copied!' for two seconds. */
export function CopyButton({ text, label, className, compact }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied && !failed) return;
    const timer = setTimeout(() => {
      setCopied(false);
      setFailed(false);
    }, 2000);
    return () => clearTimeout(timer);
  }, [copied, failed]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access is refused on insecure origins and in some browsers' private modes.
      setFailed(true);
    }
  };

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? 'Copied!' : label}
      title={compact ? (copied ? 'Copied!' : failed ? 'Copy failed' : label) : undefined}
      className={cn(
        buttonStyles({ variant: 'secondary', size: 'sm' }),
        compact ? 'w-8 px-0' : 'min-w-24',
        className,
      )}
    >
      {copied ? (
        <>
          <Check className="h-4 w-4 text-emerald-600" aria-hidden /> {!compact && 'Copied!'}
        </>
      ) : (
        <>
          <Copy className="h-4 w-4" aria-hidden /> {!compact && (failed ? 'Copy failed' : 'Copy')}
        </>
      )}
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </button>
  );
}
