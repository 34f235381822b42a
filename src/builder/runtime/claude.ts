// window.claude.complete, answered by the site's server with its owner's AI provider.
import { complete } from './ai-complete';
import { provide } from './http';

const claude = {
  complete(input: string | { messages: unknown[] }): Promise<string> {
    return complete(typeof input === 'string' ? { prompt: input } : input);
  },
};

provide('claude', claude);
