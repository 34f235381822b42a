// The builder's contract with the deployment pipeline. Pure data in, pure data out.

/** 'files': a list of files as deploy_artifact takes it (shared/site-files.ts), stored as JSON. */
export type SourceKind = 'code' | 'html' | 'zip' | 'files';

export interface BuildInput {
  kind: SourceKind;
  /** Pasted code, HTML or a file list as text; a zip as bytes. */
  source: string | Uint8Array;
  /** Original file name when uploaded (used for messages only). */
  fileName?: string;
  /** Overrides detection of pasted code: 'jsx' | 'tsx' | 'html'. */
  hint?: 'jsx' | 'tsx' | 'html';
}

export interface BuiltFile {
  /** Site path without a leading slash, e.g. 'index.html', 'assets/app.3f9a1c.js'. */
  path: string;
  content: Uint8Array;
  contentType: string;
  sha256: string;
  /** Precompressed variants for text files. */
  gzip?: Uint8Array;
  br?: Uint8Array;
  /** Content-hashed files may be cached forever. */
  immutable: boolean;
}

export interface ManifestEntry {
  path: string;
  size: number;
  contentType: string;
  sha256: string;
  immutable: boolean;
}

export interface BuildManifest {
  entry: 'index.html';
  files: ManifestEntry[];
  /** Packages the build used, with the exact versions, e.g. {"react":"19.3.1"}. */
  packages: Record<string, string>;
  detected: string;
}

export interface BuildLogLine {
  /** Named step, e.g. 'detect', 'transform', 'resolve', 'styles', 'output'. */
  step: string;
  message: string;
  level: 'info' | 'warn' | 'error';
  /** Milliseconds the step took, when it is a step's closing line. */
  ms?: number;
}

export interface BuildResult {
  files: BuiltFile[];
  /**
   * How hard the variants were compressed (builder/compress.ts): `fast` ones are meant to be
   * compressed again at `best` once the site is live.
   */
  compression: 'fast' | 'balanced';
  manifest: BuildManifest;
  logs: BuildLogLine[];
  warnings: string[];
}

/** A build refused with a message for a person, and where in their code when known. */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly location?: { file?: string; line: number; column: number; lineText?: string },
    readonly logs: BuildLogLine[] = [],
  ) {
    super(message);
    this.name = 'BuildError';
  }
}

export interface BuildOptions {
  /** Called for each log line as it happens (the pipeline turns them into progress). */
  onLog?: (line: BuildLogLine) => void;
  /** Resolves packages outside the preinstalled set (the npm fetcher). Tests hand in their own. */
  resolvePackage?: PackageResolver;
  signal?: AbortSignal;
}

export interface ResolvedPackage {
  name: string;
  version: string;
  /** An ES module for the browser, with react & co left as bare imports. */
  code: Uint8Array;
}

/**
 * Resolves a package (or a subpath of one) for the browser. `range` is the version range the
 * artifact asked for (package.json, an import map or a CDN URL); without one, the latest.
 */
export type PackageResolver = (name: string, range?: string) => Promise<ResolvedPackage>;
