import type { Selectable } from 'kysely';
import type { IncidentState, PartState } from '../../../shared/status';

// The status page (migration 024): checks of the service's parts, their days, and incidents.

/** The last check of one part; one row a part. */
export interface StatusChecksTable {
  part: string;
  status: PartState;
  detail: string | null;
  checked_at: string;
}

/** One part's checks of one UTC day, counted as they come. */
export interface StatusDaysTable {
  part: string;
  /** YYYY-MM-DD */
  day: string;
  checks: number;
  down_checks: number;
  degraded_checks: number;
}

export interface StatusIncidentsTable {
  id: string;
  kind: 'incident' | 'maintenance';
  title: string;
  /** The latest update's state. */
  state: IncidentState;
  /** The affected parts' ids, comma-separated. */
  parts: string;
  announcement_id: string | null;
  created_by: string;
  created_at: string;
  resolved_at: string | null;
}

export interface StatusIncidentUpdatesTable {
  id: string;
  incident_id: string;
  state: IncidentState;
  message: string;
  created_by: string;
  created_at: string;
}

export type StatusCheckRow = Selectable<StatusChecksTable>;
export type StatusDayRow = Selectable<StatusDaysTable>;
export type StatusIncidentRow = Selectable<StatusIncidentsTable>;
export type StatusIncidentUpdateRow = Selectable<StatusIncidentUpdatesTable>;
