import { ArrowRight, Clock, MessageSquare, Rocket, Users } from 'lucide-react';
import { Link } from 'react-router';
import { SOCIAL_URL } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { findArticle, POPULAR_ARTICLE_IDS } from '../../content/help';

const actions = [
  {
    to: '/upload',
    icon: Rocket,
    title: 'Deploy Now',
    text: 'Paste your code and go live in seconds.',
  },
  {
    to: '/contact',
    icon: MessageSquare,
    title: 'Contact Support',
    text: 'A real person answers within 24 hours.',
  },
];

const cardLink =
  'flex h-full items-start gap-4 p-5 transition-colors hover:border-brand-300 dark:hover:border-brand-700';

/** The three action cards shown above the categories when nothing is being searched. */
export function ActionCards() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {actions.map(({ to, icon: Icon, title, text }) => (
        <Link key={to} to={to}>
          <Card className={cardLink}>
            <Icon
              className="mt-0.5 h-6 w-6 shrink-0 text-brand-600 dark:text-brand-400"
              aria-hidden
            />
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-slate-500">{text}</span>
            </span>
          </Card>
        </Link>
      ))}
      <a href={SOCIAL_URL} target="_blank" rel="noreferrer">
        <Card className={cardLink}>
          <Users
            className="mt-0.5 h-6 w-6 shrink-0 text-brand-600 dark:text-brand-400"
            aria-hidden
          />
          <span>
            <span className="block font-semibold">Community</span>
            <span className="block text-sm text-slate-500">Tips, updates and showcases.</span>
          </span>
        </Card>
      </a>
    </div>
  );
}

export function PopularArticles() {
  const articles = POPULAR_ARTICLE_IDS.map(findArticle).filter((a) => a !== undefined);
  return (
    <section aria-labelledby="popular" className="mt-12">
      <h2 id="popular" className="mb-4 text-xl font-semibold">
        Popular Articles
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {articles.map((a) => (
          <Link key={a.id} to={`/help/article/${a.id}`} className="group">
            <Card className="flex h-full flex-col p-5 transition-shadow group-hover:shadow-md">
              <span className="font-semibold group-hover:text-brand-600 dark:group-hover:text-brand-400">
                {a.title}
              </span>
              <span className="mt-1 flex-1 text-sm text-slate-500">{a.description}</span>
              <span className="mt-4 flex items-center gap-1 text-xs text-slate-500">
                <Clock className="h-3.5 w-3.5" aria-hidden /> {a.readTime}
              </span>
            </Card>
          </Link>
        ))}
      </div>
    </section>
  );
}

export function StillNeedHelp() {
  return (
    <section className="mt-16 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 px-6 py-10 text-center text-white">
      <h2 className="text-2xl font-bold">Still need help?</h2>
      <p className="mx-auto mt-2 max-w-lg text-brand-100">
        Our support team is happy to look at your deployment with you.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/contact" className={buttonStyles({ variant: 'secondary' })}>
          Contact Support <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
        <a
          href={SOCIAL_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex h-10 items-center justify-center rounded-lg border border-white/40 px-4 text-sm font-medium hover:bg-white/10"
        >
          Follow Updates
        </a>
      </div>
      <p className="mt-6 text-sm text-brand-100">
        Found a site hosted here that is phishing, malware or spam?{' '}
        <Link to="/report" className="font-semibold text-white underline">
          Report abuse
        </Link>
      </p>
    </section>
  );
}
