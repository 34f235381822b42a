import { z } from 'zod';

export const DEPLOYMENT_STATUSES = ['PENDING', 'BUILDING', 'SUCCESS', 'FAILED'] as const;
export const DeploymentStatusSchema = z.enum(DEPLOYMENT_STATUSES);
export type DeploymentStatus = z.infer<typeof DeploymentStatusSchema>;

export const AI_PROVIDERS = ['CLAUDE', 'GEMINI', 'OPENAI'] as const;
export const AiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof AiProviderSchema>;

export const DeploymentSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  version: z.number(),
  status: DeploymentStatusSchema,
  progress: z.number().min(0).max(100),
  message: z.string().nullable(),
  /** Log lines as shown in the deployment console. */
  logs: z.array(z.string()),
  /** The same lines, newline-separated (SPEC.md section 3). */
  buildLogs: z.string(),
  errorMessage: z.string().nullable(),
  sourceKind: z.string(),
  isLive: z.boolean(),
  createdAt: z.string(),
  deployedAt: z.string().nullable(),
  site: z.object({ id: z.string(), name: z.string(), subdomain: z.string(), url: z.string() }),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

export const DeployCodeRequestSchema = z.object({
  subdomain: z.string(),
  code: z.string(),
  aiProvider: AiProviderSchema.optional(),
});
export type DeployCodeRequest = z.infer<typeof DeployCodeRequestSchema>;

export const DeployResponseSchema = z.object({
  deployment: DeploymentSchema,
  site: z.object({ id: z.string(), url: z.string(), subdomain: z.string(), name: z.string() }),
});
export type DeployResponse = z.infer<typeof DeployResponseSchema>;

export const DeploymentResponseSchema = z.object({ deployment: DeploymentSchema });
export const DeploymentsResponseSchema = z.object({ deployments: z.array(DeploymentSchema) });
export const RollbackRequestSchema = z.object({ deploymentId: z.string().min(1) });
