import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ABUSE_CATEGORIES, ABUSE_CATEGORY_LABELS, type AbuseCategory } from '../../../shared/admin';
import { reportsApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import { PageIntro } from '../../components/PageIntro';
import { PageLayout } from '../../components/PageLayout';
import { SiteFooter } from '../../components/SiteFooter';
import { ErrorBox } from '../../components/ui/Alert';
import { Button, buttonStyles } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, inputStyles } from '../../components/ui/Field';
import { cn } from '../../components/ui/cn';

/** /report: anyone may tell the operators about a site hosted here. */
export function ReportPage() {
  const [params] = useSearchParams();
  const [siteAddress, setSiteAddress] = useState(params.get('site') ?? '');
  const [category, setCategory] = useState<AbuseCategory>('phishing');
  const [description, setDescription] = useState('');
  const [reporterEmail, setReporterEmail] = useState('');
  const file = useMutation({
    mutationFn: () =>
      reportsApi.file({
        siteAddress,
        category,
        description,
        ...(reporterEmail.trim() ? { reporterEmail } : {}),
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    file.mutate();
  };

  return (
    <PageLayout
      variant="subpage"
      backTo="/"
      backText="Home"
      title="Report abuse"
      width="narrow"
      footer={<SiteFooter />}
    >
      <PageIntro icon={Flag} title="Report a site">
        Tell us about a site hosted here that is phishing, spreading malware, sending spam or
        copying someone else’s work. The operators look at every report.
      </PageIntro>
      {file.isSuccess ? (
        <Card className="p-8 text-center" role="status">
          <CheckCircle2 className="mx-auto h-10 w-10 text-green-600" aria-hidden />
          <h2 className="mt-3 text-xl font-semibold">
            {file.data.alreadyReported
              ? 'You have reported this site already'
              : 'Thank you — your report was received'}
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {file.data.alreadyReported
              ? 'Your earlier report about it, for the same reason, is still open, so we kept that one. '
              : ''}
            The operators will review the site and act if it breaks our{' '}
            <Link to="/terms" className="font-medium text-brand-600 underline dark:text-brand-400">
              terms
            </Link>
            .{reporterEmail.trim() ? ' We may write to you if we need more details.' : ''}
          </p>
          <p className="mt-1 text-xs text-slate-500">Reference: {file.data.reportId}</p>
          <Link to="/" className={buttonStyles({ variant: 'secondary', className: 'mt-6' })}>
            Back to the home page
          </Link>
        </Card>
      ) : (
        <Card className="p-6">
          <form className="space-y-5" onSubmit={submit} noValidate>
            <Field
              label="Site address"
              name="siteAddress"
              required
              placeholder="my-site.example.com"
              value={siteAddress}
              onChange={(e) => setSiteAddress(e.target.value)}
              hint="The address of the site, as it appears in the browser."
            />
            <fieldset>
              <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
                What is wrong?
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {ABUSE_CATEGORIES.map((c) => (
                  <label
                    key={c}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                      category === c
                        ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/30'
                        : 'border-slate-300 dark:border-slate-700',
                    )}
                  >
                    <input
                      type="radio"
                      name="category"
                      value={c}
                      checked={category === c}
                      onChange={() => setCategory(c)}
                    />
                    {ABUSE_CATEGORY_LABELS[c]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label
                htmlFor="report-description"
                className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                Description
              </label>
              <textarea
                id="report-description"
                name="description"
                rows={5}
                required
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="What did you see? Which page? What does it ask of visitors?"
                className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
              />
            </div>
            <Field
              label="Your e-mail (optional)"
              name="reporterEmail"
              type="email"
              value={reporterEmail}
              onChange={(e) => setReporterEmail(e.target.value)}
              hint="Only if you are happy for us to ask you about this report."
            />
            {file.isError && (
              <ErrorBox>{errorMessage(file.error, 'The report could not be sent.')}</ErrorBox>
            )}
            <Button type="submit" loading={file.isPending} disabled={file.isPending}>
              Send report
            </Button>
          </form>
        </Card>
      )}
    </PageLayout>
  );
}
