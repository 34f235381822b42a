import { Lightbulb } from 'lucide-react';
import type { HelpBlock } from '../../content/help';

/**
 * Renders an article's blocks; `{sitesDomain}` becomes this installation's sites domain (as a
 * browser's address shows it) and `{sitesHost}` the same without a port (as DNS records name it).
 */
export function ArticleBody({ blocks, sitesDomain }: { blocks: HelpBlock[]; sitesDomain: string }) {
  const fill = (text: string) =>
    text
      .replaceAll('{sitesDomain}', sitesDomain)
      .replaceAll('{sitesHost}', sitesDomain.replace(/:\d+$/, ''));
  return (
    <div className="space-y-4 text-sm leading-relaxed text-slate-700 sm:text-base dark:text-slate-300">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'h':
            return (
              <h4 key={i} className="pt-2 text-base font-semibold text-slate-900 dark:text-white">
                {fill(block.text)}
              </h4>
            );
          case 'p':
            return <p key={i}>{fill(block.text)}</p>;
          case 'ul':
            return (
              <ul key={i} className="ml-5 list-disc space-y-1.5">
                {block.items.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ul>
            );
          case 'ol':
            return (
              <ol key={i} className="ml-5 list-decimal space-y-1.5">
                {block.items.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ol>
            );
          case 'code':
            return (
              <pre
                key={i}
                className="overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-xs text-slate-100 sm:text-sm dark:bg-black/60"
              >
                {fill(block.text)}
              </pre>
            );
          case 'tip':
            return (
              <p
                key={i}
                className="flex gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-brand-900 dark:border-brand-900 dark:bg-brand-900/30 dark:text-brand-100"
              >
                <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>{fill(block.text)}</span>
              </p>
            );
        }
      })}
    </div>
  );
}
