// window.claude.complete, answered by the site's server with its owner's AI provider.
import { SITE_RUNTIME_ENDPOINTS as E } from '../contract';
import { call, provide, readError } from './http';

const claude = {
  async complete(input: string | { messages: unknown[] }): Promise<string> {
    const body = typeof input === 'string' ? { prompt: input } : input;
    let res: Response;
    try {
      res = await call('POST', E.claudeComplete, body);
    } catch {
      throw new Error('window.claude.complete: the AI service could not be reached.');
    }
    if (!res.ok) {
      if (res.status === 404 || res.status === 405 || res.status === 501) {
        throw new Error(
          'window.claude.complete is not available on this site yet: the site owner has not connected an AI provider key.',
        );
      }
      throw await readError(res, 'window.claude.complete');
    }
    const out = (await res.json()) as { completion: string };
    return out.completion;
  },
};

provide('claude', claude);
