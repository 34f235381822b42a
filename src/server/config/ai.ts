import { z } from 'zod';
import type { AiProvider } from '../../shared/deployment';

// AI providers that answer window.claude on sites with their owners' keys (tests point the
// base URLs at local servers speaking each provider's wire format).

/** Where each AI provider's API is, the model a site's calls use, and how long one may take. */
export interface AiConfig {
  baseUrls: Record<AiProvider, string>;
  models: Record<AiProvider, string>;
  timeoutMs: number;
}

export const AI_VARIABLES = {
  ANTHROPIC_BASE_URL: z.url().default('https://api.anthropic.com'),
  OPENAI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
  AI_MODEL_CLAUDE: z.string().min(1).default('claude-sonnet-4-6'),
  AI_MODEL_OPENAI: z.string().min(1).default('gpt-5.4-mini'),
  AI_MODEL_GEMINI: z.string().min(1).default('gemini-2.5-flash'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
};

type AiVariables = z.infer<z.ZodObject<typeof AI_VARIABLES>>;

export function aiConfig(e: AiVariables): AiConfig {
  return {
    baseUrls: {
      CLAUDE: e.ANTHROPIC_BASE_URL,
      OPENAI: e.OPENAI_BASE_URL,
      GEMINI: e.GEMINI_BASE_URL,
    },
    models: { CLAUDE: e.AI_MODEL_CLAUDE, OPENAI: e.AI_MODEL_OPENAI, GEMINI: e.AI_MODEL_GEMINI },
    timeoutMs: e.AI_TIMEOUT_MS,
  };
}
