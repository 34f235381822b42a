import { ArrowRight, Check, Minus, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { COLUMNS, GROUPS, type Cell } from './data';

function CellValue({ value }: { value: Cell }) {
  if (value === true)
    return <Check className="mx-auto h-5 w-5 text-emerald-600" aria-label="Yes" role="img" />;
  if (value === false)
    return (
      <Minus
        className="mx-auto h-5 w-5 text-slate-300 dark:text-slate-600"
        aria-label="No"
        role="img"
      />
    );
  return <span className="text-sm">{value}</span>;
}

export function ComparisonPage() {
  return (
    <PageLayout variant="landing" footer={<SiteFooter />}>
      <PageIntro eyebrow="Comparison" icon={Scale} title="Built for what AI makes">
        General-purpose hosts were designed for developers with build pipelines. Here is how we
        compare when the code comes from an AI assistant.
      </PageIntro>

      <div className="space-y-8">
        {GROUPS.map((group) => (
          <Card key={group.id} className="overflow-hidden">
            <h2 className="border-b border-slate-200 bg-slate-50 px-5 py-3 font-semibold dark:border-slate-800 dark:bg-slate-800/50">
              {group.title}
            </h2>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="col" className="w-1/3 px-5 py-3 font-medium text-slate-500">
                      Feature
                    </th>
                    {COLUMNS.map((c, i) => (
                      <th
                        key={c}
                        scope="col"
                        className={cn(
                          'px-3 py-3 text-center font-medium',
                          i === 0 ? 'text-brand-700 dark:text-brand-300' : 'text-slate-500',
                        )}
                      >
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((row) => (
                    <tr
                      key={row.feature}
                      className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                    >
                      <th scope="row" className="px-5 py-3 font-normal">
                        {row.feature}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td
                          key={COLUMNS[i]}
                          className={cn(
                            'px-3 py-3 text-center',
                            i === 0 && 'bg-brand-50/60 font-medium dark:bg-brand-900/20',
                          )}
                        >
                          <CellValue value={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        ))}
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Other columns describe typical services of each kind; individual providers vary.
      </p>

      <section className="mt-16 text-center">
        <h2 className="text-2xl font-semibold">See it for yourself</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Free tier with 3 sites. Paid plans from $5/month.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/upload" className={buttonStyles({ size: 'lg' })}>
            Deploy your artifact <ArrowRight className="h-5 w-5" aria-hidden />
          </Link>
          <Link to="/examples" className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            Browse examples
          </Link>
        </div>
      </section>
    </PageLayout>
  );
}
