import { Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { findArticle, HELP_CATEGORIES, searchHelp, type HelpCategoryId } from '../../content/help';
import { useDebouncedValue } from '../../hooks/debounce';
import { useSitesDomain } from '../../hooks/config';
import { CategoryPanel } from './CategoryPanel';
import { ActionCards, PopularArticles, StillNeedHelp } from './HelpExtras';

/** /help and /help/article/:articleId: one screen; an article opens inside its category. */
export function HelpPage() {
  const { articleId } = useParams();
  const article = findArticle(articleId);
  const { domain } = useSitesDomain();
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<HelpCategoryId | null>(article?.category ?? null);
  // While searching every match shows expanded; a reader may still fold some away.
  const [foldedInSearch, setFoldedInSearch] = useState<Set<HelpCategoryId>>(new Set());

  const [pendingScroll, setPendingScroll] = useState<string | null>(null);

  useEffect(() => {
    if (!article) return;
    setOpenId(article.category);
    setQuery('');
    setPendingScroll(article.id);
  }, [article]);

  // The article's row exists only once its category has rendered open, which may come a frame
  // after the click: scroll after that render, not on a timer that can run first.
  useEffect(() => {
    if (!pendingScroll) return;
    const row = document.getElementById(`article-${pendingScroll}`);
    if (!row) return;
    row.scrollIntoView({ block: 'start' });
    setPendingScroll(null);
  }, [pendingScroll, openId]);

  // The box shows every keystroke; the results follow once typing pauses.
  // Clearing the box (or opening an article) shows everything again at once.
  const debounced = useDebouncedValue(query);
  const searchText = query.trim() === '' ? '' : debounced;
  const searching = searchText.trim() !== '';
  const categories = searchHelp(searchText);
  // With no match the full list stays below to browse, as the no-results text promises.
  const matching = searching && categories.length > 0;

  const toggle = (id: HelpCategoryId) => {
    if (matching) {
      setFoldedInSearch((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    } else {
      setOpenId((current) => (current === id ? null : id));
    }
  };

  return (
    <PageLayout
      variant="subpage"
      backTo="/"
      backText="Home"
      title="Help Center"
      width="default"
      footer={<SiteFooter />}
    >
      <header className="mx-auto max-w-2xl pb-10 pt-4 text-center sm:pt-8">
        <h2 className="text-3xl font-bold tracking-tight sm:text-5xl">How can we help?</h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Guides for deploying, domains, plans and your account.
        </p>
        <div className="relative mt-8">
          <Search
            className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setFoldedInSearch(new Set());
            }}
            placeholder="Search documentation..."
            aria-label="Search documentation"
            className="h-14 w-full rounded-xl border border-slate-300 bg-white pl-12 pr-4 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      </header>

      {!searching && (
        <>
          <ActionCards />
          <PopularArticles />
        </>
      )}

      {searching && categories.length === 0 && (
        <section aria-labelledby="no-results" className="mt-4">
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
            <h2 id="no-results" className="mt-3 font-semibold">
              No results found
            </h2>
            <p className="mt-1 text-sm text-slate-500">
              Try searching with different keywords or browse our categories below.
            </p>
          </div>
        </section>
      )}

      <section aria-labelledby="categories" className="mt-12">
        <h2 id="categories" className="mb-4 text-xl font-semibold">
          {matching ? 'Search Results' : 'Browse by Category'}
        </h2>
        <div className="space-y-3">
          {(matching ? categories : HELP_CATEGORIES).map((c) => (
            <CategoryPanel
              key={c.id}
              category={c}
              open={matching ? !foldedInSearch.has(c.id) : openId === c.id}
              onToggle={() => toggle(c.id)}
              selectedArticleId={article?.id}
              sitesDomain={domain}
            />
          ))}
        </div>
      </section>

      <StillNeedHelp />
    </PageLayout>
  );
}
