import { Code2, HelpCircle, Loader2, Rocket, Upload as UploadIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkSubdomain } from '../../../shared/subdomain';
import { deploymentsApi } from '../../api/deployments';
import { ApiRequestError, errorMessage } from '../../api/client';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useSession } from '../../hooks/session';
import { AiSupportDialog } from './AiSupportDialog';
import { CodeEditor } from './CodeEditor';
import { FileDropZone } from './FileDropZone';
import { PlanLimitDialog, type PlanLimit } from './PlanLimitDialog';
import { SubdomainField } from './SubdomainField';

type Mode = 'file' | 'code';

const MODES: Array<{ id: Mode; label: string; icon: typeof Code2 }> = [
  { id: 'file', label: 'Upload Files', icon: UploadIcon },
  { id: 'code', label: 'Paste Code', icon: Code2 },
];

export function UploadPage() {
  const { user, continueAsGuest } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Pasting is what people do most, so the screen opens on it.
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [subdomain, setSubdomain] = useState(params.get('subdomain') ?? '');
  const [errors, setErrors] = useState<{ subdomain?: string; code?: string; file?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [limit, setLimit] = useState<PlanLimit | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const signedIn = Boolean(user && !user.isGuest);

  const fileMissing = mode === 'file' && !file;
  const canDeploy = !busy && !fileMissing && subdomain !== '';

  const deploy = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    const checked = checkSubdomain(subdomain);
    if (!checked.ok) found.subdomain = checked.message;
    if (mode === 'code' && !code.trim()) found.code = 'Please enter some code to deploy';
    if (mode === 'file' && !file) found.file = 'Please select a file to deploy';
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.ok) return;

    setBusy(true);
    try {
      // Someone who never signed in still gets a site: a 24-hour guest one.
      if (!user) await continueAsGuest();
      const started =
        mode === 'code'
          ? await deploymentsApi.deployCode({ subdomain: checked.subdomain, code })
          : await deploymentsApi.deployFile(file as File, checked.subdomain);
      navigate(`/deployments/${started.deployment.id}`, { state: { fromUpload: true } });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.status === 401) {
        setFailure('Authentication required. Please login again.');
      } else if (err instanceof ApiRequestError && err.details?.upgradeRequired) {
        setLimit(err.details as PlanLimit);
      } else if (err instanceof ApiRequestError && err.status === 409) {
        setErrors({ subdomain: err.message });
      } else {
        setFailure(errorMessage(err, 'Deployment failed'));
      }
    }
  };

  return (
    <PageLayout
      variant="subpage"
      backTo="/dashboard"
      backText="Dashboard"
      title="Deploy"
      showConnection
      width="narrow"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Deploy a new site</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Paste what your AI assistant gave you, or upload an .html or .zip file. It is live in
            seconds.
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setHelpOpen(true)}
          className="self-start sm:self-auto"
        >
          <HelpCircle className="h-4 w-4" aria-hidden /> AI Artifacts Support
        </Button>
      </div>

      {!signedIn && (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          You are deploying as a guest: your site stays live for 24 hours.{' '}
          <Link to="/auth" className="font-medium underline underline-offset-2">
            Sign in or create an account
          </Link>{' '}
          to keep your sites.
        </p>
      )}

      <form onSubmit={deploy} noValidate className="mt-6 space-y-6">
        <Card className="p-5 sm:p-6">
          <div
            role="tablist"
            aria-label="How to deploy"
            className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium dark:bg-slate-800"
          >
            {MODES.map(({ id, label, icon: Icon }) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`mode-${id}`}
                aria-selected={mode === id}
                aria-controls={`panel-${id}`}
                onClick={() => {
                  setMode(id);
                  setErrors({});
                }}
                className={cn(
                  'flex items-center justify-center gap-2 rounded-md px-3 py-2',
                  mode === id
                    ? 'bg-white shadow-sm dark:bg-slate-950'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden /> {label}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`panel-${mode}`}
            aria-labelledby={`mode-${mode}`}
            className="mt-5"
          >
            {mode === 'code' ? (
              <CodeEditor value={code} onChange={setCode} error={errors.code} disabled={busy} />
            ) : (
              <FileDropZone
                file={file}
                error={errors.file ?? null}
                disabled={busy}
                onChange={(next, problem) => {
                  setFile(next);
                  setErrors((all) => ({ ...all, file: problem ?? undefined }));
                }}
              />
            )}
          </div>
        </Card>

        <Card className="p-5 sm:p-6">
          <h3 className="text-base font-semibold">Site configuration</h3>
          <SubdomainField
            className="mt-4"
            value={subdomain}
            onChange={(v) => {
              setSubdomain(v);
              setErrors((all) => ({ ...all, subdomain: undefined }));
            }}
            error={errors.subdomain}
            disabled={busy}
          />
        </Card>

        {failure && <ErrorBox>{failure}</ErrorBox>}

        {busy && (
          <Card className="flex items-center gap-3 p-4" role="status">
            <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-hidden />
            <div className="flex-1">
              <p className="text-sm font-medium">
                {mode === 'file' ? 'Uploading your file...' : 'Sending your code...'}
              </p>
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-500" />
              </div>
            </div>
          </Card>
        )}

        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
          {fileMissing && !busy && (
            <p id="deploy-hint" className="text-sm text-slate-500 sm:mr-auto">
              Please select a file to deploy
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={!canDeploy}
            loading={busy}
            aria-describedby={fileMissing ? 'deploy-hint' : undefined}
          >
            {!busy && <Rocket className="h-5 w-5" aria-hidden />}
            {busy ? 'Deploying...' : 'Deploy'}
          </Button>
        </div>
      </form>

      <AiSupportDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <PlanLimitDialog limit={limit} signedIn={signedIn} onClose={() => setLimit(null)} />
    </PageLayout>
  );
}
