import { Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AI_PROVIDER_LABELS } from '../../../shared/api-key';
import {
  SiteAiSettingsSchema,
  type SiteAiResponse,
  type SiteAiSettings,
} from '../../../shared/site-ai';
import { errorMessage } from '../../api/client';
import { ErrorBox } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { useSaveSiteAi, useSiteAi } from '../../hooks/apiKeys';
import { useToast } from '../../hooks/toasts';
import { formatNumber } from '../../lib/format';

type Limit = Exclude<keyof SiteAiSettings, 'enabled'>;
const LIMITS: { field: Limit; label: string }[] = [
  { field: 'perVisitorPerMinute', label: 'Calls per visitor per minute' },
  { field: 'perDay', label: 'Calls per day (whole site)' },
  { field: 'maxTokensPerCall', label: 'Max tokens per call' },
];

/** Whether this site's artifact may ask an AI model, within which limits, and who answers. */
export function AiPanel({ siteId }: { siteId: string }) {
  const ai = useSiteAi(siteId, true);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-2">
        <Sparkles className="h-5 w-5 text-slate-400" aria-hidden />
        <h2 className="font-semibold">AI features</h2>
      </div>
      {ai.isPending ? (
        <div className="py-6">
          <Spinner label="Loading AI settings..." />
        </div>
      ) : ai.isError ? (
        <div className="mt-3">
          <ErrorBox>{errorMessage(ai.error, 'Failed to load AI settings')}</ErrorBox>
        </div>
      ) : (
        // Keyed by the stored values, so a save's re-read starts the form from them.
        <AiForm key={JSON.stringify(ai.data.settings)} siteId={siteId} ai={ai.data} />
      )}
    </Card>
  );
}

function AiForm({ siteId, ai }: { siteId: string; ai: SiteAiResponse }) {
  const notify = useToast();
  const save = useSaveSiteAi(siteId);
  const [enabled, setEnabled] = useState(ai.settings.enabled);
  const [limits, setLimits] = useState<Record<Limit, string>>({
    perVisitorPerMinute: String(ai.settings.perVisitorPerMinute),
    perDay: String(ai.settings.perDay),
    maxTokensPerCall: String(ai.settings.maxTokensPerCall),
  });
  const [errors, setErrors] = useState<Partial<Record<Limit, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SiteAiSettingsSchema.safeParse({
      enabled,
      perVisitorPerMinute: Number(limits.perVisitorPerMinute),
      perDay: Number(limits.perDay),
      maxTokensPerCall: Number(limits.maxTokensPerCall),
    });
    if (!parsed.success) {
      const found: Partial<Record<Limit, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Limit;
        found[field] ??= rangeMessage(field);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify({ type: 'success', title: 'AI settings saved' }),
      onError: (err) =>
        notify({
          type: 'error',
          title: 'Failed to save AI settings',
          message: errorMessage(err, '') || undefined,
        }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-4">
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium">AI calls from this site</span>
        <span className="inline-flex items-center gap-2 text-sm text-slate-500">
          {enabled ? 'On' : 'Off'}
          <Switch checked={enabled} onChange={setEnabled} label="AI calls from this site" />
        </span>
      </div>
      <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        <p>
          {ai.provider ? (
            `Answered by your ${AI_PROVIDER_LABELS[ai.provider]} key.`
          ) : (
            <>
              No AI provider connected.{' '}
              <Link
                to="/api-keys"
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                Add an API key
              </Link>
            </>
          )}
        </p>
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {formatNumber(ai.callsToday)} AI call{ai.callsToday === 1 ? '' : 's'} today
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
        {LIMITS.map(({ field, label }) => (
          <Field
            key={field}
            label={label}
            type="number"
            inputMode="numeric"
            min={bounds(field)[0]}
            max={bounds(field)[1]}
            value={limits[field]}
            error={errors[field]}
            disabled={!enabled}
            onChange={(e) => setLimits((l) => ({ ...l, [field]: e.target.value }))}
          />
        ))}
      </div>
      <Button type="submit" variant="secondary" loading={save.isPending} className="w-full">
        Save AI settings
      </Button>
    </form>
  );
}

// The shared shape's bounds, read from it so the hint and the server never disagree.
const bounds = (field: Limit): [number, number] => {
  const shape = SiteAiSettingsSchema.shape[field];
  return [shape.minValue ?? 0, shape.maxValue ?? Number.MAX_SAFE_INTEGER];
};

function rangeMessage(field: Limit): string {
  const [min, max] = bounds(field);
  return `Enter a whole number from ${formatNumber(min)} to ${formatNumber(max)}.`;
}
