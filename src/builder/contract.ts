// Same-origin endpoints every built page calls on its own site host. The hosting part
// implements them; the page runtime (runtime/) is the only caller.

export const SITE_RUNTIME_ENDPOINTS = {
  /**
   * Shared `window.storage` data, kept per site on the server.
   * GET    /__storage/{key}        → 200 {value: string} | 404 when never set
   * PUT    /__storage/{key}        ← {value: string}     → 200 {value: string}
   * DELETE /__storage/{key}        → 200 {deleted: boolean}
   * GET    /__storage?prefix=p     → 200 {keys: string[]}
   * `key` is encodeURIComponent-ed into one path segment.
   */
  storage: '/__storage',
  /**
   * `window.claude.complete`: POST {prompt: string} | {messages: {role, content}[]}
   * → 200 {completion: string}; any other status → {error: string} shown to the artifact.
   */
  claudeComplete: '/__claude/complete',
} as const;

export interface StorageValueBody {
  value: string;
}
export interface StorageListBody {
  keys: string[];
}
export interface StorageDeleteBody {
  deleted: boolean;
}
export type ClaudeCompleteRequest =
  { prompt: string } | { messages: { role: 'user' | 'assistant'; content: string }[] };
export interface ClaudeCompleteResponse {
  completion: string;
}
export interface SiteRuntimeErrorBody {
  error: string;
}

/** Claude's storage API limits, so artifacts fail here as they would in Claude. */
export const STORAGE_LIMITS = { maxKeyLength: 200, maxValueBytes: 5_242_880 /* 5 MiB */ } as const;
