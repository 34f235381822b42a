import { z } from 'zod';
import {
  FIX_MAX_SOURCE_CHARS,
  FIX_MAX_TOKENS,
  FIX_MESSAGES,
  type FixFile,
  type FixResponse,
} from '../../../shared/fix-with-ai';
import { MAX_EDITABLE_FILE_BYTES, buildErrorLocation } from '../../../shared/site-source';
import type { AppContext } from '../../context';
import { aiCallsOfSiteDay } from '../../db/queries/ai-site-days';
import { recordAiCall } from '../../db/queries/api-keys';
import type { DeploymentRow, SiteRow } from '../../db/schema';
import { AppError, conflict, payloadTooLarge, tooManyRequests } from '../../errors';
import { AiProviderError, completeWith, type AiFailure } from '../../integrations/ai/providers';
import { nowIso } from '../../lib/ids';
import { keyForSite } from '../credentials/api-keys';
import { reserveSiteAiCall, settingsOfSite } from '../credentials/site-ai';
import { readSiteSource } from './source-edits';

// Fix with AI: a failed version's source and the builder's error go to the site owner's
// provider (the clients the AI proxy uses), which answers with whole replacement files. The
// answer is only proposed: deploying it is the editor's route, on the person's click. The
// call takes a place under the site's daily AI cap exactly as a visitor's call through the
// proxy does, so a key's owner has one count to watch.

const SYSTEM = `You fix build errors in small web projects (React components, HTML pages, static sites).
You are given the project's files and the error the build stopped with.
Answer with ONLY a JSON object, no prose around it, of this exact shape:
{"explanation": "<one or two sentences: what was wrong and what you changed>",
 "files": [{"path": "<a path exactly as given>", "content": "<the whole new content of that file>"}]}
List only the files you change, each with its complete new content (never a diff or an excerpt).
Do not add, rename or delete files. Keep everything else as it was.`;

const AnswerSchema = z.object({
  explanation: z.string().max(4000),
  files: z
    .array(z.object({ path: z.string(), content: z.string() }))
    .min(1)
    .max(50),
});

/** A provider's failure as the AI proxy answers it; the words are the provider's, the key hidden. */
const STATUS_OF: Record<AiFailure, number> = {
  invalid_key: 502,
  quota: 429,
  overloaded: 503,
  rejected: 502,
  unreachable: 502,
};

const unusable = (why: string) =>
  new AppError(502, 'AI_PROVIDER_ERROR', `${FIX_MESSAGES.unusable}: ${why}. Try again.`);

/** The JSON object in a reply, which models sometimes fence as ```json … ``` anyway. */
function readAnswer(text: string): z.infer<typeof AnswerSchema> {
  const trimmed = text.trim();
  const fenced = /^```[a-z]*\s*\n([\s\S]*?)\n```$/i.exec(trimmed)?.[1] ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(fenced);
  } catch {
    throw unusable('it was not the JSON object it was asked for');
  }
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) throw unusable('it did not list the files to change with their content');
  return parsed.data;
}

/** The user turn: the error, where it points, and every editable file in full. */
function promptOf(
  errorMessage: string,
  files: Array<{ path: string; text: string }>,
  kind: string,
): string {
  const at = buildErrorLocation(errorMessage);
  const where = at
    ? `\nThe error points at ${at.file ?? files[0]?.path ?? 'the file'}, line ${at.line}, column ${at.column}.`
    : '';
  const listed = files
    .map((f) => `--- FILE: ${f.path} ---\n${f.text}\n--- END OF ${f.path} ---`)
    .join('\n\n');
  return `The build of this ${kind === 'code' ? 'pasted component' : 'project'} failed with:\n${errorMessage}${where}\n\nThe files:\n\n${listed}\n\nAnswer with the JSON object only.`;
}

/**
 * POST /api/deployments/:id/fix: asks the site owner's provider to fix a failed build. Nothing
 * is stored or deployed; the answer's files are checked against the version's own.
 */
export async function proposeFix(
  ctx: AppContext,
  site: SiteRow,
  deployment: DeploymentRow,
): Promise<FixResponse> {
  if (deployment.status !== 'FAILED') throw conflict(FIX_MESSAGES.notFailed);
  const key = await keyForSite(ctx, site.user_id, deployment.ai_provider);
  if (!key) throw new AppError(409, 'AI_NOT_CONNECTED', FIX_MESSAGES.noKey);

  const { source } = await readSiteSource(ctx, site, deployment.id);
  const editable = source.files.flatMap((f) =>
    f.text === null ? [] : [{ path: f.path, text: f.text }],
  );
  if (editable.length === 0) throw conflict(FIX_MESSAGES.noEditableFiles);
  const chars = editable.reduce((n, f) => n + f.text.length, 0);
  if (chars > FIX_MAX_SOURCE_CHARS) throw payloadTooLarge(FIX_MESSAGES.tooLarge);

  const settings = await settingsOfSite(ctx.db, site.id);
  const reservation = await reserveSiteAiCall(ctx.db, site.id, settings.perDay);
  if (!reservation) throw tooManyRequests(FIX_MESSAGES.dayUsed, 3600);

  let answer: Awaited<ReturnType<typeof completeWith>>;
  try {
    answer = await completeWith(
      ctx.config,
      key.row.provider,
      key.apiKey,
      {
        system: SYSTEM,
        turns: [
          {
            role: 'user',
            text: promptOf(deployment.error_message ?? 'The build failed.', editable, source.kind),
          },
        ],
        maxTokens: null,
      },
      FIX_MAX_TOKENS,
    );
  } catch (err) {
    // No answer, no call spent: the same rule as the proxy.
    await reservation.refund();
    if (!(err instanceof AiProviderError)) throw err;
    ctx.log.warn(
      { siteId: site.id, apiKeyId: key.row.id, provider: key.row.provider, failure: err.failure },
      'a Fix with AI call failed at its provider',
    );
    throw new AppError(STATUS_OF[err.failure], 'AI_PROVIDER_ERROR', err.message);
  }
  // Answered: the call is spent whether or not the answer is usable.
  await recordAiCall(ctx.db, {
    siteId: site.id,
    apiKeyId: key.row.id,
    day: reservation.day,
    at: nowIso(),
  });
  const used = await aiCallsOfSiteDay(ctx.db, site.id, reservation.day);

  const read = readAnswer(answer.text);
  const before = new Map(editable.map((f) => [f.path, f.text]));
  const seen = new Set<string>();
  const files: FixFile[] = [];
  for (const file of read.files) {
    const old = before.get(file.path);
    if (old === undefined) {
      throw unusable(`it names "${file.path.slice(0, 80)}", which is not a file of this version`);
    }
    if (seen.has(file.path)) throw unusable(`it lists "${file.path}" twice`);
    seen.add(file.path);
    if (Buffer.byteLength(file.content, 'utf8') > MAX_EDITABLE_FILE_BYTES) {
      throw unusable(`its "${file.path}" is larger than a file the editor takes`);
    }
    if (file.content !== old) files.push({ path: file.path, before: old, after: file.content });
  }
  if (files.length === 0) throw unusable('it changed nothing');

  return {
    proposal: {
      files,
      explanation: read.explanation.trim(),
      provider: key.row.provider,
      model: answer.model,
    },
    deployment: { id: deployment.id, version: deployment.version, siteId: site.id },
    usage: { used, limit: settings.perDay },
  };
}
