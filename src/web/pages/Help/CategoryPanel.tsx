import { ChevronDown, ChevronRight, Clock, X } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import type { HelpCategory } from '../../content/help';
import { ArticleBody } from './ArticleBody';

interface CategoryPanelProps {
  category: HelpCategory;
  open: boolean;
  onToggle: () => void;
  selectedArticleId?: string;
  sitesDomain: string;
}

export function CategoryPanel({
  category,
  open,
  onToggle,
  selectedArticleId,
  sitesDomain,
}: CategoryPanelProps) {
  const { icon: Icon } = category;
  const panelId = `help-category-${category.id}`;
  return (
    <Card className="overflow-hidden">
      <h3>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full items-center gap-4 p-5 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50"
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-900/40 dark:text-brand-300">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <span className="flex-1">
            <span className="block font-semibold">{category.title}</span>
            <span className="block text-sm text-slate-500">{category.description}</span>
          </span>
          <span className="hidden text-xs text-slate-500 sm:inline">
            {category.articles.length} {category.articles.length === 1 ? 'article' : 'articles'}
          </span>
          <ChevronDown
            className={cn('h-5 w-5 text-slate-400 transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h3>
      {open && (
        <ul
          id={panelId}
          className="divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {category.articles.map((article) => {
            const selected = article.id === selectedArticleId;
            return (
              <li key={article.id} id={`article-${article.id}`} className="scroll-mt-24">
                <Link
                  to={`/help/article/${article.id}`}
                  aria-current={selected ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 px-5 py-3.5 hover:bg-slate-50 dark:hover:bg-slate-800/50',
                    selected && 'bg-brand-50/60 dark:bg-brand-900/20',
                  )}
                >
                  <span className="flex-1">
                    <span className="block text-sm font-medium">{article.title}</span>
                    <span className="block text-sm text-slate-500">{article.description}</span>
                  </span>
                  <span className="hidden shrink-0 items-center gap-1 text-xs text-slate-500 sm:flex">
                    <Clock className="h-3.5 w-3.5" aria-hidden /> {article.readTime}
                  </span>
                  <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                </Link>
                {selected && (
                  <article
                    aria-label={article.title}
                    className="border-t border-slate-100 bg-slate-50/60 px-5 py-6 sm:px-8 dark:border-slate-800 dark:bg-slate-950/40"
                  >
                    <div className="mb-4 flex items-start justify-between gap-4">
                      <h4 className="text-xl font-bold">{article.title}</h4>
                      <Link
                        to="/help"
                        aria-label="Close article"
                        className="rounded-md p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 dark:hover:bg-slate-800"
                      >
                        <X className="h-5 w-5" aria-hidden />
                      </Link>
                    </div>
                    <ArticleBody blocks={article.body} sitesDomain={sitesDomain} />
                  </article>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
