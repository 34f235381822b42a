import { z } from 'zod';
import { MAX_CODE_CHARS } from './limits';
import { SiteSchema } from './site';

export const DEPLOYMENT_STATUSES = ['PENDING', 'BUILDING', 'SUCCESS', 'FAILED'] as const;
export const DeploymentStatusSchema = z.enum(DEPLOYMENT_STATUSES);
export type DeploymentStatus = z.infer<typeof DeploymentStatusSchema>;

export const AI_PROVIDERS = ['CLAUDE', 'GEMINI', 'OPENAI'] as const;
export const AiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof AiProviderSchema>;

/** Who deployed a version: their id and name; null for versions nobody asked for (the demo seed). */
export const DeployedBySchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type DeployedBy = z.infer<typeof DeployedBySchema>;

export const DeploymentSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  version: z.number(),
  status: DeploymentStatusSchema,
  progress: z.number().min(0).max(100),
  message: z.string().nullable(),
  /** Log lines as shown in the deployment console. */
  logs: z.array(z.string()),
  /** The same lines, newline-separated. */
  buildLogs: z.string(),
  errorMessage: z.string().nullable(),
  sourceKind: z.string(),
  isLive: z.boolean(),
  /** This version's permanent link; null unless it succeeded and the site's version links are on. */
  versionUrl: z.string().nullable(),
  /** This version's link preview (PNG, 1200×630); null until made, and for a failed build. */
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
  deployedAt: z.string().nullable(),
  deployedBy: DeployedBySchema,
  site: z.object({ id: z.string(), name: z.string(), subdomain: z.string(), url: z.string() }),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

export const DeployCodeRequestSchema = z.object({
  subdomain: z.string({ error: 'Please enter a subdomain' }),
  code: z
    .string({ error: 'Please enter some code to deploy' })
    .refine((code) => code.trim().length > 0, { message: 'Please enter some code to deploy' })
    .refine((code) => code.length <= MAX_CODE_CHARS, {
      message: `The code is too long. The maximum is ${MAX_CODE_CHARS.toLocaleString('en-US')} characters.`,
    }),
  aiProvider: AiProviderSchema.optional(),
  /** The team a new site goes to (its id, or its slug as the CLI names it); none: personal. */
  teamId: z.string().min(1).optional(),
});
export type DeployCodeRequest = z.infer<typeof DeployCodeRequestSchema>;

export const DeployResponseSchema = z.object({
  deployment: DeploymentSchema,
  site: z.object({ id: z.string(), url: z.string(), subdomain: z.string(), name: z.string() }),
  /**
   * A deploy without any session made a guest site: this link (valid a day, single use) moves
   * it into whichever account opens it.
   */
  claimUrl: z.string().optional(),
  claimExpiresAt: z.string().optional(),
});
export type DeployResponse = z.infer<typeof DeployResponseSchema>;

export const DeploymentResponseSchema = z.object({ deployment: DeploymentSchema });
export type DeploymentResponse = z.infer<typeof DeploymentResponseSchema>;
export const DeploymentsResponseSchema = z.object({ deployments: z.array(DeploymentSchema) });
export type DeploymentsResponse = z.infer<typeof DeploymentsResponseSchema>;
export const RollbackRequestSchema = z.object({ deploymentId: z.string().min(1) });
export const DeploymentLogsResponseSchema = z.object({
  deploymentId: z.string(),
  status: DeploymentStatusSchema,
  logs: z.array(z.string()),
  buildLogs: z.string(),
  errorMessage: z.string().nullable(),
  deployment: DeploymentSchema,
});
export type DeploymentLogsResponse = z.infer<typeof DeploymentLogsResponseSchema>;

export const RollbackResponseSchema = z.object({ site: SiteSchema, deployment: DeploymentSchema });
export type RollbackResponse = z.infer<typeof RollbackResponseSchema>;

/** Messages of the file upload (deploy/file). */
export const UPLOAD_MESSAGES = {
  noFile: 'Please select a file to deploy',
  tooLarge: 'File is too large. The maximum size is 10 MB.',
  wrongType: 'Only .html and .zip files can be deployed.',
  empty: 'The file is empty.',
  notZip: 'This file is not a valid .zip archive.',
  malformed: 'The upload could not be read: the multipart form data is malformed.',
  badName: 'The file name cannot contain control characters.',
} as const;
