import { HelpCircle, Rocket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { UPLOAD_MESSAGES } from '../../../shared/deployment';
import { checkSubdomain } from '../../../shared/subdomain';
import { ApiRequestError, errorMessage, getToken } from '../../api/client';
import { deploymentsApi } from '../../api/deployments';
import { PageLayout } from '../../components/PageLayout';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useSession } from '../../hooks/session';
import { AiSupportDialog } from './AiSupportDialog';
import { CodeEditor } from './CodeEditor';
import { DeployingPanel } from './DeployingPanel';
import { FileDropZone } from './FileDropZone';
import { GuestNote } from './GuestNote';
import { modePanelId, modeTabId, ModeTabs, type DeployMode } from './ModeTabs';
import { PlanLimitDialog, readPlanLimit, type PlanLimit } from './PlanLimitDialog';
import { mayChangeTeamSites, useSpace, useTeams } from '../../hooks/teams';
import { SubdomainField } from './SubdomainField';
import { WhereTo } from './WhereTo';

interface Problems {
  subdomain?: string;
  code?: string;
  file?: string;
}

export function UploadPage() {
  const { user, loading, continueAsGuest } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Pasting is what people do most, so the screen opens on it.
  const [mode, setMode] = useState<DeployMode>('code');
  const [code, setCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [subdomain, setSubdomain] = useState(params.get('subdomain') ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [limit, setLimit] = useState<PlanLimit | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const signedIn = Boolean(user && !user.isGuest);
  // Where a new site goes: Personal, or a team where the person may create sites; it starts
  // on the dashboard's current space when that space allows it.
  const [space] = useSpace();
  const places = (useTeams().data ?? []).filter((t) => mayChangeTeamSites(t.role));
  const [chosen, setChosen] = useState<string | null>(null);
  const where = chosen ?? (places.some((t) => t.id === space) ? space : 'personal');
  const teamId = where === 'personal' ? null : where;

  const fileMissing = mode === 'file' && !file;
  const canDeploy = !busy && !fileMissing && subdomain !== '';

  const deploy = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: Problems = {};
    const checked = checkSubdomain(subdomain);
    if (!checked.ok) found.subdomain = checked.message;
    if (mode === 'code' && !code.trim()) found.code = 'Please enter some code to deploy';
    if (mode === 'file' && !file) found.file = UPLOAD_MESSAGES.noFile;
    setProblems(found);
    if (!checked.ok || Object.keys(found).length > 0) return;

    setBusy(true);
    try {
      // Someone who never signed in still gets a site: a 24-hour guest one. A stored token
      // whose check is still running is a session already, not a reason for a new guest.
      if (!user && !getToken()) await continueAsGuest();
      const started =
        mode === 'file' && file
          ? await deploymentsApi.deployFile(file, checked.subdomain, teamId)
          : await deploymentsApi.deployCode({
              subdomain: checked.subdomain,
              code,
              teamId: teamId ?? undefined,
            });
      navigate(`/deployments/${started.deployment.id}`, { state: { fromUpload: true } });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.status === 401) {
        setFailure('Authentication required. Please login again.');
      } else if (err instanceof ApiRequestError && err.code === 'PLAN_LIMIT') {
        setLimit(readPlanLimit(err.details));
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Paste what your AI assistant gave you
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Or upload an .html page or a .zip of a whole site. Pick an address, press Deploy, and
            your site is live in about a second.
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setHelpOpen(true)}
          className="self-start"
        >
          <HelpCircle className="h-4 w-4" aria-hidden /> AI Artifacts Support
        </Button>
      </div>

      {!loading && !signedIn && (
        <div className="mt-6">
          <GuestNote />
        </div>
      )}

      <form onSubmit={deploy} noValidate className="mt-6 space-y-6">
        <Card className="p-5 sm:p-6">
          <ModeTabs
            mode={mode}
            onChange={(next) => {
              setMode(next);
              setProblems((all) => ({ subdomain: all.subdomain }));
              setFailure(null);
            }}
          />
          <div
            role="tabpanel"
            id={modePanelId('code')}
            aria-labelledby={modeTabId('code')}
            hidden={mode !== 'code'}
            className="mt-5"
          >
            <CodeEditor
              value={code}
              onChange={(next) => {
                setCode(next);
                setProblems((all) => ({ ...all, code: undefined }));
              }}
              error={problems.code}
              disabled={busy}
            />
          </div>
          <div
            role="tabpanel"
            id={modePanelId('file')}
            aria-labelledby={modeTabId('file')}
            hidden={mode !== 'file'}
            className="mt-5"
          >
            <FileDropZone
              file={file}
              error={problems.file ?? null}
              disabled={busy}
              onChange={(next, problem) => {
                setFile(next);
                setProblems((all) => ({ ...all, file: problem ?? undefined }));
              }}
            />
          </div>
        </Card>

        <Card className="p-5 sm:p-6">
          <h3 className="text-base font-semibold">Site configuration</h3>
          <SubdomainField
            className="mt-4"
            value={subdomain}
            onChange={(next) => {
              setSubdomain(next);
              setProblems((all) => ({ ...all, subdomain: undefined }));
            }}
            error={problems.subdomain}
            disabled={busy}
          />
          {signedIn && places.length > 0 && (
            <WhereTo
              className="mt-4"
              value={where}
              teams={places}
              onChange={setChosen}
              disabled={busy}
            />
          )}
        </Card>

        {failure && <ErrorBox>{failure}</ErrorBox>}
        {busy && <DeployingPanel uploading={mode === 'file'} />}

        <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
          {/* The button is disabled without a file; this says why. */}
          {fileMissing && !problems.file && (
            <p
              id="deploy-needs-file"
              className="text-sm text-slate-500 dark:text-slate-400 sm:mr-auto"
            >
              {UPLOAD_MESSAGES.noFile}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={!canDeploy}
            loading={busy}
            aria-describedby={fileMissing && !problems.file ? 'deploy-needs-file' : undefined}
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
