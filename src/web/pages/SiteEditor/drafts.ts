// Unsaved edits, kept in localStorage per site and per version they were made to, so a reload
// (or a closed tab) loses nothing. A draft of another version is never applied to this one.

/** Edited files: path → text, only those that differ from the version's source. */
export type Draft = Record<string, string>;

const keyOf = (siteId: string, deploymentId: string) => `editor-draft:${siteId}:${deploymentId}`;

export function readDraft(siteId: string, deploymentId: string): Draft {
  try {
    const stored = localStorage.getItem(keyOf(siteId, deploymentId));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** False when the browser would not keep it (storage full or turned off). */
export function writeDraft(siteId: string, deploymentId: string, draft: Draft): boolean {
  try {
    if (Object.keys(draft).length === 0) localStorage.removeItem(keyOf(siteId, deploymentId));
    else localStorage.setItem(keyOf(siteId, deploymentId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}
