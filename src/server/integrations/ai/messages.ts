import { z } from 'zod';

// What a site may ask of /__claude/complete, in the shapes artifacts send: window.claude's
// {prompt} or {messages}, and Anthropic's own Messages body (model, max_tokens, system,
// content blocks) for artifacts that fetch api.anthropic.com directly. All of them become one
// conversation of plain text turns.

const TextBlock = z.object({ type: z.literal('text'), text: z.string() });
const Content = z.union([
  z.string(),
  z.array(z.union([TextBlock, z.object({ type: z.string() }).loose()])),
]);
const Message = z.object({ role: z.enum(['user', 'assistant']), content: Content });

const PromptBody = z.object({ prompt: z.string() });
const MessagesBody = z.object({
  messages: z.array(Message).min(1).max(200),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  max_tokens: z.number().int().positive().optional(),
});

export interface AiTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface AiRequest {
  system: string | null;
  turns: AiTurn[];
  /** What the artifact asked for, if anything; the site's own maximum caps it. */
  maxTokens: number | null;
}

function textOf(content: z.infer<typeof Content>): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (block.type === 'text' && 'text' in block ? String(block.text) : ''))
    .filter(Boolean)
    .join('\n');
}

/** The conversation a body asks for, or a message saying what is wrong with it. */
export function readAiRequest(
  body: unknown,
): { ok: true; request: AiRequest } | { ok: false; message: string } {
  const prompt = PromptBody.safeParse(body);
  if (prompt.success) {
    if (!prompt.data.prompt.trim()) return { ok: false, message: 'The prompt is empty.' };
    return {
      ok: true,
      request: {
        system: null,
        turns: [{ role: 'user', text: prompt.data.prompt }],
        maxTokens: null,
      },
    };
  }
  const parsed = MessagesBody.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      message:
        'window.claude.complete takes a prompt (text) or {messages: [{role, content}]}, with role "user" or "assistant".',
    };
  }
  const data = parsed.data;
  const turns = data.messages.map((m) => ({ role: m.role, text: textOf(m.content) }));
  if (turns.at(-1)?.role !== 'user' || !turns.at(-1)?.text.trim()) {
    return { ok: false, message: 'The last message must be a non-empty message from the user.' };
  }
  const system =
    data.system === undefined
      ? null
      : typeof data.system === 'string'
        ? data.system
        : data.system.map((b) => b.text).join('\n');
  return { ok: true, request: { system, turns, maxTokens: data.max_tokens ?? null } };
}
