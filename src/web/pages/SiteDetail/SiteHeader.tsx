import { Code2, ExternalLink, FilePenLine, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Site } from '../../../shared/site';
import { PreviewThumbnail } from '../../components/PreviewThumbnail';
import { Badge } from '../../components/StatusBadge';
import { Button, buttonStyles } from '../../components/ui/Button';
import { useRedeploy } from '../../hooks/sites';
import { useToast } from '../../hooks/toasts';
import { detailStatusKind, type Tone } from '../../lib/status';
import { EmbedDialog } from './EmbedDialog';

const BADGE_TONE: Record<ReturnType<typeof detailStatusKind>, Tone> = {
  success: 'green',
  working: 'yellow',
  error: 'red',
  other: 'gray',
};

interface SiteHeaderProps {
  site: Site;
  /** A version still queued or building would only be replaced by another redeploy. */
  building: boolean;
  deleting: boolean;
  onDelete: () => void;
  /** A team's viewer: no Edit source, Redeploy or Delete. */
  readOnly?: boolean;
}

/** The site's name, status and address, with Embed, Edit source, Redeploy and Delete. */
export function SiteHeader({
  site,
  building,
  deleting,
  onDelete,
  readOnly = false,
}: SiteHeaderProps) {
  const notify = useToast();
  const redeploy = useRedeploy();
  const [embedding, setEmbedding] = useState(false);
  const href = site.customDomainUrl ?? site.url;
  const kind = detailStatusKind(site.status);
  const startRedeploy = () =>
    redeploy.mutate(site.id, {
      onSuccess: () => notify({ type: 'success', title: 'Redeployment started!' }),
      onError: () => notify({ type: 'error', title: 'Failed to redeploy site' }),
    });

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-4">
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={-1}
          className="hidden w-40 shrink-0 sm:block"
        >
          <PreviewThumbnail src={site.previewUrl} label={`Preview of ${site.name}`} />
        </a>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{site.name}</h1>
            <span className="inline-flex items-center gap-1.5" role="status">
              {kind === 'working' && (
                <Loader2
                  className="h-4 w-4 animate-spin text-blue-600 dark:text-blue-400"
                  aria-hidden
                />
              )}
              <Badge tone={BADGE_TONE[kind]}>{site.status.toLowerCase()}</Badge>
            </span>
          </div>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex items-center gap-1.5 break-all text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {href.replace(/^https?:\/\//, '')}{' '}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
          </a>
          <PreviewThumbnail
            src={site.previewUrl}
            label={`Preview of ${site.name}`}
            className="mt-3 w-full max-w-xs sm:hidden"
          />
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => setEmbedding(true)}
          disabled={!site.currentDeploymentId || Boolean(site.disabledReason)}
        >
          <Code2 className="h-4 w-4" aria-hidden /> Embed
        </Button>
        {!readOnly && (
          <Link to={`/sites/${site.id}/edit`} className={buttonStyles({ variant: 'secondary' })}>
            <FilePenLine className="h-4 w-4" aria-hidden /> Edit source
          </Link>
        )}
        {!readOnly && (
          <Button
            variant="secondary"
            onClick={startRedeploy}
            loading={redeploy.isPending}
            disabled={building || Boolean(site.disabledReason)}
          >
            {!redeploy.isPending && <RefreshCw className="h-4 w-4" aria-hidden />} Redeploy
          </Button>
        )}
        {!readOnly && (
          <Button variant="danger" onClick={onDelete} disabled={deleting}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        )}
      </div>
      <EmbedDialog
        site={site}
        open={embedding}
        onClose={() => setEmbedding(false)}
        readOnly={readOnly}
      />
    </div>
  );
}
