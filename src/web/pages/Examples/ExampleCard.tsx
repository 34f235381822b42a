import { ExternalLink, Sparkles } from 'lucide-react';
import { buttonStyles } from '../../components/ui/Button';
import { PreviewThumbnail } from '../../components/PreviewThumbnail';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { MAX_VISIBLE_TAGS, type ExampleEntry } from '../../content/examples';
import { PREVIEW_PATH } from '../../../shared/link-previews';

export function ExampleCard({ example, url }: { example: ExampleEntry; url: string }) {
  const { icon: Icon, tags } = example;
  const shown = tags.slice(0, MAX_VISIBLE_TAGS);
  const hidden = tags.length - shown.length;
  return (
    <Card className="flex h-full flex-col p-6 transition-shadow hover:shadow-md">
      <a href={url} target="_blank" rel="noreferrer" tabIndex={-1} className="mb-4 block">
        {/* the demo's own link preview; the placeholder stays while it has none yet */}
        <PreviewThumbnail src={`${url}${PREVIEW_PATH}`} label={`Preview of ${example.title}`} />
      </a>
      <div className="flex items-start justify-between gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-sm">
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {example.category}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-semibold">{example.title}</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">
        {example.description}
      </p>
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
        {shown.map((tag) => (
          <li
            key={tag}
            className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-900/40 dark:text-brand-300"
          >
            {tag}
          </li>
        ))}
        {hidden > 0 && (
          <li className="rounded-md px-2 py-0.5 text-xs font-medium text-slate-500">
            +{hidden} more
          </li>
        )}
      </ul>
      <div className="mt-5 flex items-center justify-between gap-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
          <Sparkles className="h-3.5 w-3.5" aria-hidden /> Created with {example.createdWith}
        </span>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className={cn(buttonStyles({ variant: 'secondary', size: 'sm' }))}
          aria-label={`View Demo: ${example.title}`}
        >
          View Demo <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      </div>
    </Card>
  );
}
