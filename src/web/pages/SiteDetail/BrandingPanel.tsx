import { Palette, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  allowedPictureTypes,
  BRANDING_DESCRIPTION_MAX,
  BRANDING_IMAGE_RULES,
  BRANDING_TITLE_MAX,
  type BrandingImageKind,
} from '../../../shared/branding';
import { includesWhiteLabel, PLANS, type PlanName } from '../../../shared/plans';
import type { Site } from '../../../shared/site';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, inputStyles } from '../../components/ui/Field';
import { Switch } from '../../components/ui/Switch';
import { cn } from '../../components/ui/cn';
import { BILLING_PATH } from '../../hooks/billing';
import { useBrandingPicture, useSaveBranding, useSavedPicture } from '../../hooks/branding';
import { useToast } from '../../hooks/toasts';
import { LinkPreview } from './LinkPreview';

/**
 * The site's page settings: white-label (Pro), and the title, description, social image and
 * favicon written into its pages as they are served, with how a shared link will look.
 */
export function BrandingPanel({ site, plan }: { site: Site; plan: PlanName }) {
  const { branding } = site;
  const image = useSavedPicture(site.id, 'image', branding.imageUrl);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-2">
        <Palette className="h-5 w-5 text-slate-400" aria-hidden />
        <h2 className="font-semibold">Page settings</h2>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Written into every page of the site as it is served: no new deploy needed.
      </p>
      {/* Keyed by the saved values, so a save starts the form from what the server holds. */}
      <BrandingForm
        key={`${branding.whiteLabel}|${branding.title}|${branding.description}`}
        site={site}
        plan={plan}
      />
      <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <PictureField siteId={site.id} kind="image" url={branding.imageUrl} />
        <PictureField siteId={site.id} kind="icon" url={branding.iconUrl} />
      </div>
      <div className="mt-5">
        <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          A shared link will look like this
        </p>
        <LinkPreview
          url={site.customDomainUrl ?? site.url}
          title={branding.title ?? site.name}
          description={branding.description}
          imageUrl={image.data ?? site.previewUrl}
        />
      </div>
    </Card>
  );
}

function BrandingForm({ site, plan }: { site: Site; plan: PlanName }) {
  const notify = useToast();
  const save = useSaveBranding(site.id);
  const allowed = includesWhiteLabel(plan);
  const [whiteLabel, setWhiteLabel] = useState(site.branding.whiteLabel);
  const [title, setTitle] = useState(site.branding.title ?? '');
  const [description, setDescription] = useState(site.branding.description ?? '');
  const descriptionId = useId();
  const dirty =
    whiteLabel !== site.branding.whiteLabel ||
    title.trim() !== (site.branding.title ?? '') ||
    description.trim() !== (site.branding.description ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { whiteLabel, title: title.trim() || null, description: description.trim() || null },
      {
        onSuccess: () => notify({ type: 'success', title: 'Page settings saved' }),
        onError: (err) =>
          notify({
            type: 'error',
            title: 'Page settings were not saved',
            message: errorMessage(err, '') || undefined,
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <div>
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium">White-label</span>
          <span className="inline-flex items-center gap-2 text-sm text-slate-500">
            {whiteLabel ? 'On' : 'Off'}
            <Switch
              checked={whiteLabel}
              onChange={setWhiteLabel}
              label="White-label"
              // a downgraded owner may still turn it off
              disabled={!allowed && !whiteLabel}
            />
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Visitors see no platform name or link: not on your pages, nor on the not-found, offline
          and coming-soon pages, nor in error notices.
        </p>
        {!allowed && (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-300">
            White-label comes with the Pro plan. Your account is on the {PLANS[plan].label} plan
            {site.branding.whiteLabel
              ? ', so the setting is kept but does not apply until you are on Pro again.'
              : '.'}{' '}
            <Link
              to={BILLING_PATH}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              See plans
            </Link>
          </p>
        )}
      </div>
      <Field
        label="Title"
        value={title}
        maxLength={BRANDING_TITLE_MAX}
        placeholder={site.name}
        hint="The browser tab and shared links. Empty: each page's own title."
        onChange={(e) => setTitle(e.target.value)}
      />
      <div>
        <label
          htmlFor={descriptionId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={description}
          maxLength={BRANDING_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          className={cn(inputStyles, 'border-slate-300 dark:border-slate-700')}
        />
        <p className="mt-1.5 text-xs text-slate-500">
          Shown under the title in search results and shared links ({description.length}/
          {BRANDING_DESCRIPTION_MAX}).
        </p>
      </div>
      <Button
        type="submit"
        variant="secondary"
        loading={save.isPending}
        disabled={!dirty}
        className="w-full"
      >
        Save page settings
      </Button>
    </form>
  );
}

const KIND_TEXT: Record<BrandingImageKind, { title: string; hint: string }> = {
  image: { title: 'Social image', hint: 'Shown with shared links; 1200×630 looks best.' },
  icon: { title: 'Favicon', hint: 'The icon in the browser tab; square, 32×32 or larger.' },
};

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** One picture: what is set now, and a button to upload another or remove it. */
function PictureField({
  siteId,
  kind,
  url,
}: {
  siteId: string;
  kind: BrandingImageKind;
  url: string | null;
}) {
  const notify = useToast();
  const change = useBrandingPicture(siteId);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rule = BRANDING_IMAGE_RULES[kind];
  const text = KIND_TEXT[kind];
  const saved = useSavedPicture(siteId, kind, url);

  const send = (file: File | null) => {
    if (file && file.size > rule.maxBytes) {
      setProblem(
        `This file is ${formatBytes(Math.ceil(file.size / 1024) * 1024)}; the ${rule.label} can be ${formatBytes(rule.maxBytes)} at most.`,
      );
      return;
    }
    if (file && file.type && !rule.types.includes(file.type)) {
      setProblem(`The ${rule.label} must be a picture (${allowedPictureTypes(kind)}).`);
      return;
    }
    setProblem(null);
    change.mutate(
      { kind, file },
      {
        onSuccess: () =>
          notify({ type: 'success', title: `${text.title} ${file ? 'saved' : 'removed'}` }),
        onError: (err) => setProblem(errorMessage(err, `The ${rule.label} was not saved.`)),
      },
    );
  };

  return (
    <div>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{text.title}</p>
      <div className="mt-1.5 flex items-center gap-3">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
          {url && saved.data ? (
            <img
              src={saved.data}
              alt={`Current ${rule.label}`}
              className="h-full w-full object-contain"
            />
          ) : (
            <span className="text-xs text-slate-400">{url ? '…' : 'None'}</span>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={rule.types.join(',')}
          className="sr-only"
          aria-label={`Upload ${rule.label}`}
          onChange={(e) => {
            send(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={change.isPending}
          onClick={() => input.current?.click()}
        >
          <Upload className="h-4 w-4" aria-hidden />
          {url ? 'Replace' : 'Upload'}
        </Button>
        {url && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={change.isPending}
            onClick={() => send(null)}
            aria-label={`Remove ${rule.label}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        )}
      </div>
      <p
        className={cn(
          'mt-1.5 text-xs',
          problem ? 'text-red-600 dark:text-red-400' : 'text-slate-500',
        )}
        role={problem ? 'alert' : undefined}
      >
        {problem ??
          `${text.hint} ${allowedPictureTypes(kind)}, up to ${formatBytes(rule.maxBytes)}.`}
      </p>
    </div>
  );
}
