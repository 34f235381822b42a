import type { Generated, Selectable } from 'kysely';
import type { SourceKind } from '../../../builder/types';
import type { AiProvider, DeploymentStatus } from '../../../shared/deployment';
import type { PreviewKind } from '../../../shared/link-previews';

// Deployments, the files each one serves, and the content-addressed blobs behind them.

export interface DeploymentsTable {
  id: string;
  site_id: string;
  version: number;
  status: DeploymentStatus;
  progress: number;
  message: string | null;
  error_message: string | null;
  /** newline-separated console lines */
  build_logs: string;
  source_kind: SourceKind;
  source_name: string | null;
  source_sha256: string;
  ai_provider: AiProvider | null;
  /** JSON: the builder's manifest and recorded package versions */
  build_info: string | null;
  claimed_by: string | null;
  heartbeat_at: string | null;
  attempts: number;
  /** Where the deploy was asked from (an IPv6 client as its /64); null for the demo seed. */
  client_address: string | null;
  /** Who deployed this version (migration 022); null before teams, for the seed, or when gone. */
  deployed_by: string | null;
  /** The link preview's PNG (migration 034); null until made, and for failed builds. */
  preview_sha256: Generated<string | null>;
  preview_kind: Generated<PreviewKind | null>;
  /** When a node took the making of the preview; null: nobody yet. */
  preview_claimed_at: Generated<string | null>;
  created_at: string;
  started_at: string | null;
  deployed_at: string | null;
  finished_at: string | null;
}

export interface DeploymentFilesTable {
  deployment_id: string;
  path: string;
  sha256: string;
  size: number;
  content_type: string;
  /** sha-256 of the gzip and brotli variants, when stored */
  gzip_sha256: string | null;
  br_sha256: string | null;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: string;
  /** stored for a reference about to be recorded: never collected before this time */
  keep_until: string | null;
}

export type DeploymentRow = Selectable<DeploymentsTable>;
export type DeploymentFileRow = Selectable<DeploymentFilesTable>;
