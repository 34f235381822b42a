import { Image as ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from './ui/cn';

/**
 * A site's link preview as a thumbnail: always the card's shape (1.91:1), a neutral
 * placeholder until the picture has loaded, and while the site has none (src null, or the
 * address answers nothing yet). Loaded lazily: a long list fetches only what is seen.
 */
export function PreviewThumbnail({
  src,
  label,
  className,
}: {
  src: string | null;
  /** What the picture shows, for screen readers: "Preview of <site>". */
  label: string;
  className?: string;
}) {
  // keyed by address: a new preview starts from the placeholder again
  return <Thumbnail key={src ?? ''} src={src} label={label} className={className} />;
}

function Thumbnail({
  src,
  label,
  className,
}: {
  src: string | null;
  label: string;
  className?: string | undefined;
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const shown = src !== null && state === 'loaded';
  return (
    <div
      className={cn(
        'relative aspect-[1.91/1] overflow-hidden rounded-md border border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
    >
      {!shown && (
        <div
          className="absolute inset-0 flex items-center justify-center text-slate-400 dark:text-slate-500"
          data-testid="preview-placeholder"
        >
          <ImageIcon className="h-1/3 max-h-8 w-1/3 max-w-8" aria-hidden />
          <span className="sr-only">No preview yet</span>
        </div>
      )}
      {src !== null && state !== 'failed' && (
        <img
          src={src}
          alt={label}
          loading="lazy"
          decoding="async"
          width={1200}
          height={630}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={cn(
            'absolute inset-0 h-full w-full object-cover transition-opacity',
            shown ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </div>
  );
}
