import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileCode2, Rocket, Undo2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  buildErrorLocation,
  NewerVersionLiveDetailsSchema,
  type NewerVersionLiveDetails,
} from '../../../shared/site-source';
import { ApiRequestError, errorMessage } from '../../api/client';
import { sourceApi } from '../../api/source';
import { AccountSuspendedNotice } from '../../components/AccountSuspendedNotice';
import { PageLayout } from '../../components/PageLayout';
import { FixWithAi } from '../../components/FixWithAi';
import { ErrorBox, SuccessBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { Spinner } from '../../components/ui/Spinner';
import { useDeployment } from '../../hooks/deployment';
import { useSite } from '../../hooks/sites';
import { mayChangeTeamSites, useTeamRole } from '../../hooks/teams';
import { isFinalStatus } from '../../lib/status';
import { SiteUnavailable } from '../SiteDetail/SiteUnavailable';
import type { EditorProblem } from './CodeEditor';
import { readDraft, writeDraft, type Draft } from './drafts';
import { FileTree } from './FileTree';
import { NewerVersionNotice } from './NewerVersionNotice';

// The editor is heavy: it loads with this screen's first paint of a file, as its own chunk.
const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));

const sourceKey = (siteId: string) => ['site-source', siteId] as const;

/** The refusal of an edit of an older version than the live one, with what it says. */
function newerVersionOf(
  error: unknown,
): { message: string; details: NewerVersionLiveDetails } | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'NEWER_VERSION_LIVE') return null;
  const details = NewerVersionLiveDetailsSchema.safeParse(error.details);
  return details.success ? { message: error.message, details: details.data } : null;
}

/** /sites/:id/edit: the live version's source in an editor; Deploy makes the next version. */
export function SiteEditorPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const site = useSite(id);
  const role = useTeamRole(site.data?.teamId);
  const source = useQuery({
    queryKey: sourceKey(id),
    queryFn: () => sourceApi.read(id),
    enabled: Boolean(id),
    retry: false,
    staleTime: Infinity,
  });
  const baseId = source.data?.deployment.id ?? null;
  const files = source.data?.source.files ?? [];

  // The unsaved edits of this base version, read from the browser once it is known.
  const [drafted, setDrafted] = useState<{ base: string; draft: Draft } | null>(null);
  if (baseId && drafted?.base !== baseId)
    setDrafted({ base: baseId, draft: readDraft(id, baseId) });
  const draft = drafted?.base === baseId ? drafted.draft : {};
  const [kept, setKept] = useState(true);
  // Bumped by "Discard changes": every editor starts again from the version's text.
  const [generation, setGeneration] = useState(0);

  const [chosenPath, setChosenPath] = useState<string | null>(null);
  const editable = files.filter((f) => f.text !== null);
  const openPath =
    chosenPath && files.some((f) => f.path === chosenPath && f.text !== null)
      ? chosenPath
      : ((editable.find((f) => /(^|\/)index\.html$/.test(f.path)) ?? editable[0])?.path ?? null);
  const openFile = files.find((f) => f.path === openPath) ?? null;

  const [deploymentId, setDeploymentId] = useState<string | undefined>();
  const sent = useRef<{ base: string; files: Draft } | null>(null);
  const deployment = useDeployment(deploymentId, 2000);
  const deploy = useMutation({
    mutationFn: (edit: { base: string; files: Draft; replaceNewer?: boolean }) =>
      sourceApi.deployEdit(id, {
        baseDeploymentId: edit.base,
        files: Object.entries(edit.files).map(([path, text]) => ({ path, text })),
        ...(edit.replaceNewer ? { replaceNewer: true } : {}),
      }),
    onSuccess: (res, edit) => {
      sent.current = edit;
      setDeploymentId(res.deployment.id);
    },
  });

  const built = deployment.data;
  const status = built?.status;
  // A version built from these edits is live: it is the base now, and only edits made since
  // the Deploy stay unsaved, carried over to it.
  useEffect(() => {
    if (status !== 'SUCCESS' || !built || !sent.current) return;
    const { base, files: deployed } = sent.current;
    sent.current = null;
    const current = readDraft(id, base);
    const since = Object.fromEntries(
      Object.entries(current).filter(([path, text]) => deployed[path] !== text),
    );
    writeDraft(id, built.id, since);
    writeDraft(id, base, {});
    void client.invalidateQueries({ queryKey: sourceKey(id) });
  }, [status, built, id, client]);

  const location = status === 'FAILED' ? buildErrorLocation(built?.errorMessage ?? null) : null;
  // Pasted code and a single page have one file, which the builder does not name.
  const problemPath = location
    ? ((location.file && files.some((f) => f.path === location.file)
        ? location.file
        : files.length === 1
          ? files[0]?.path
          : null) ?? null)
    : null;
  const [shownProblemFor, setShownProblemFor] = useState<string | null>(null);
  if (location && problemPath && built && shownProblemFor !== built.id) {
    // Open the file the mistake is in, once; the person may move on from there.
    setShownProblemFor(built.id);
    setChosenPath(problemPath);
  }
  // Discarded edits are not the text the build failed on: its mark goes with them.
  const [discardedFailure, setDiscardedFailure] = useState<string | null>(null);
  const problem: EditorProblem | null =
    location && problemPath === openPath && discardedFailure !== built?.id
      ? { line: location.line, column: location.column, message: location.summary }
      : null;

  if (site.isPending || (source.isPending && !source.isError)) {
    return (
      <Layout siteId={id}>
        <div className="flex justify-center py-20">
          <Spinner label="Loading the source..." />
        </div>
      </Layout>
    );
  }
  if (site.isError || !site.data) {
    return (
      <Layout siteId={id}>
        <SiteUnavailable error={site.error} />
      </Layout>
    );
  }
  const s = site.data;
  if (source.isError || !source.data || !baseId) {
    return (
      <Layout siteId={id}>
        <h1 className="text-2xl font-bold tracking-tight">Edit {s.name}</h1>
        <div className="mt-6">
          <ErrorBox>{errorMessage(source.error, 'The source could not be loaded.')}</ErrorBox>
        </div>
      </Layout>
    );
  }

  const readOnly = Boolean(s.teamId) && !mayChangeTeamSites(role);
  const newer = newerVersionOf(deploy.error);
  const changedCount = Object.keys(draft).length;
  const building = Boolean(built && !isFinalStatus(built.status));

  const change = (path: string, original: string, text: string) => {
    const next = { ...draft };
    if (text === original) delete next[path];
    else next[path] = text;
    setDrafted({ base: baseId, draft: next });
    setKept(writeDraft(id, baseId, next));
  };
  const discard = () => {
    setDrafted({ base: baseId, draft: {} });
    setKept(writeDraft(id, baseId, {}));
    setGeneration((g) => g + 1);
    if (built?.status === 'FAILED') setDiscardedFailure(built.id);
  };

  return (
    <Layout siteId={id}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">Edit {s.name}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Version {source.data.deployment.version}
            {source.data.deployment.isLive && !newer ? ' (live)' : ''}
            {source.data.source.name ? ` · ${source.data.source.name}` : ''}
            {changedCount > 0 &&
              ` · ${changedCount} unsaved ${changedCount === 1 ? 'change' : 'changes'}`}
          </p>
        </div>
        {!readOnly && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" onClick={discard} disabled={changedCount === 0}>
              <Undo2 className="h-4 w-4" aria-hidden /> Discard changes
            </Button>
            <Button
              onClick={() => deploy.mutate({ base: baseId, files: draft })}
              loading={deploy.isPending}
              disabled={changedCount === 0 || building || Boolean(s.disabledReason)}
            >
              {!deploy.isPending && <Rocket className="h-4 w-4" aria-hidden />} Deploy
            </Button>
          </div>
        )}
      </div>

      <div className="mt-4 space-y-3">
        {readOnly && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            You can read this source; your role in the team does not let you deploy changes.
          </p>
        )}
        {!kept && (
          <ErrorBox>
            This browser did not keep your unsaved changes (its storage is full or turned off): they
            will be lost if you leave this page.
          </ErrorBox>
        )}
        {newer ? (
          <NewerVersionNotice
            message={newer.message}
            details={newer.details}
            deploying={deploy.isPending}
            onDeployAnyway={() => deploy.mutate({ base: baseId, files: draft, replaceNewer: true })}
            onOpenLive={() => {
              writeDraft(id, baseId, {});
              deploy.reset();
              void client.invalidateQueries({ queryKey: sourceKey(id) });
            }}
          />
        ) : (
          deploy.isError && (
            <ErrorBox>
              {errorMessage(deploy.error, 'The deployment could not be started.')}
            </ErrorBox>
          )
        )}
        {built && <DeployState built={built} location={location} />}
      </div>

      <div className="mt-4 flex flex-col gap-4 lg:flex-row">
        {files.length > 1 && (
          <Card className="max-h-48 shrink-0 overflow-auto p-2 lg:max-h-[70vh] lg:w-64">
            <FileTree
              files={files}
              openPath={openPath}
              changed={(path) => path in draft}
              problemPath={problemPath}
              onOpen={setChosenPath}
            />
          </Card>
        )}
        <Card className="min-w-0 flex-1 overflow-hidden">
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 text-sm font-medium dark:border-slate-800">
            <FileCode2 className="h-4 w-4 text-slate-500" aria-hidden />
            <span className="truncate">{openPath ?? 'No file can be edited'}</span>
          </div>
          <div className="h-[60vh] min-h-[320px]">
            {openFile && openFile.text !== null ? (
              <Suspense
                fallback={
                  <div className="flex h-full items-center justify-center">
                    <Spinner label="Loading the editor..." />
                  </div>
                }
              >
                <CodeEditor
                  key={`${baseId}:${openFile.path}:${generation}`}
                  path={openFile.path}
                  initialText={draft[openFile.path] ?? openFile.text}
                  onChange={(text) => change(openFile.path, openFile.text ?? '', text)}
                  problem={problem}
                  readOnly={readOnly}
                />
              </Suspense>
            ) : (
              <p className="p-6 text-sm text-slate-600 dark:text-slate-400">
                This version has no text file to edit.
              </p>
            )}
          </div>
        </Card>
      </div>
    </Layout>
  );
}

function DeployState({
  built,
  location,
}: {
  built: NonNullable<ReturnType<typeof useDeployment>['data']>;
  location: ReturnType<typeof buildErrorLocation>;
}) {
  if (built.status === 'SUCCESS') {
    return (
      <SuccessBox>
        Version {built.version} is live.{' '}
        <a
          href={built.site.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium underline"
        >
          Open the site <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      </SuccessBox>
    );
  }
  if (built.status === 'FAILED') {
    return (
      <ErrorBox>
        <p className="font-medium">
          Version {built.version} did not build
          {location ? ` (line ${location.line}, column ${location.column})` : ''}. The live site is
          unchanged.
        </p>
        {built.errorMessage && (
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap font-mono text-xs">
            {built.errorMessage}
          </pre>
        )}
        <div className="mt-3">
          <FixWithAi siteId={built.site.id} deploymentId={built.id} version={built.version} />
        </div>
      </ErrorBox>
    );
  }
  return (
    <Card className="p-4" role="status">
      <div className="mb-2 flex items-center justify-between gap-2 text-sm">
        <span>
          Version {built.version}: {built.message ?? 'Building...'}
        </span>
        <span className="text-slate-500">{built.progress}%</span>
      </div>
      <ProgressBar label="Deployment progress" value={built.progress} />
    </Card>
  );
}

function Layout({ siteId, children }: { siteId: string; children: ReactNode }) {
  return (
    <PageLayout variant="subpage" backTo={`/sites/${siteId}`} backText="Site" showConnection>
      <AccountSuspendedNotice />
      {children}
    </PageLayout>
  );
}
