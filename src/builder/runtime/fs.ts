// window.fs.readFile: the site's own files, read as Claude's artifacts read uploads.
import { provide } from './http';

const fs = {
  async readFile(path: string, options?: { encoding?: string }): Promise<string | Uint8Array> {
    const clean = String(path).replace(/^\.?\/+/, '');
    const res = await fetch(
      new URL(clean.split('/').map(encodeURIComponent).join('/'), document.baseURI),
    );
    if (!res.ok) throw new Error(`window.fs.readFile: no file named "${path}" (${res.status})`);
    if (options?.encoding) return res.text();
    return new Uint8Array(await res.arrayBuffer());
  },
};

provide('fs', fs);
