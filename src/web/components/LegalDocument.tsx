import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLayout } from './PageLayout';
import { SiteFooter } from './SiteFooter';
import { buttonStyles } from './ui/Button';
import { Card } from './ui/Card';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  /** Shown as 'Last updated {date}'; the legal pages show today's date. */
  updated: string;
  sections: LegalSection[];
}

/** Privacy and Terms: a table of contents, numbered sections and a way to ask questions. */
export function LegalDocument({ title, intro, updated, sections }: LegalDocumentProps) {
  return (
    <PageLayout variant="subpage" backTo="/" backText="Home" title={title} footer={<SiteFooter />}>
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
              On this page
            </p>
            <ol className="space-y-2 text-sm">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="text-slate-600 hover:text-brand-600 dark:text-slate-400 dark:hover:text-brand-400"
                  >
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article>
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
          <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
          <div className="mt-6 text-slate-700 dark:text-slate-300">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} className="mt-10 scroll-mt-24">
              <h3 className="text-xl font-semibold">
                {i + 1}. {s.title}
              </h3>
              <div className="legal-body mt-3 space-y-3 text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
                {s.body}
              </div>
            </section>
          ))}
          <Card className="mt-12 flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
            <div className="flex-1">
              <p className="font-semibold">Questions about this document?</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Our team answers privacy and legal enquiries within 30 days, usually much sooner.
              </p>
            </div>
            <Link to="/contact" className={buttonStyles()}>
              <Mail className="h-4 w-4" aria-hidden /> Contact Us
            </Link>
          </Card>
        </article>
      </div>
    </PageLayout>
  );
}
