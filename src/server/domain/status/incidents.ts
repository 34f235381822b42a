import type { IncidentState, StatusPartId } from '../../../shared/status';
import type { AppContext } from '../../context';
import {
  addIncidentUpdate,
  incidentById,
  insertIncident,
  recentIncidents,
  setIncidentAnnouncement,
  updatesOfIncidents,
} from '../../db/queries/status';
import type { StatusIncidentRow, StatusIncidentUpdateRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { newId, nowIso } from '../../lib/ids';
import {
  endAnnouncementEarly,
  MAX_ANNOUNCEMENT_DAYS,
  postAnnouncement,
} from '../operations/announcements';
import { audit } from '../operations/audit';

// Incidents and maintenance, posted by operators: a title, the parts touched, and updates
// over time until resolved. An incident may publish an announcement (every app screen shows
// it); resolving the incident ends that announcement.

/** The page keeps resolved incidents this long. */
const RESOLVED_SHOWN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const FIRST_STATE = { incident: 'investigating', maintenance: 'scheduled' } as const;

export interface IncidentStory {
  incident: StatusIncidentRow;
  updates: StatusIncidentUpdateRow[];
}

export function partsOfIncident(row: StatusIncidentRow): StatusPartId[] {
  return row.parts.split(',').filter(Boolean) as StatusPartId[];
}

export async function listIncidents(
  ctx: Pick<AppContext, 'db'>,
  now = Date.now(),
): Promise<IncidentStory[]> {
  const incidents = await recentIncidents(ctx.db, nowIso(now - RESOLVED_SHOWN_DAYS * DAY_MS));
  const updates = await updatesOfIncidents(
    ctx.db,
    incidents.map((i) => i.id),
  );
  return incidents.map((incident) => ({
    incident,
    updates: updates.filter((u) => u.incident_id === incident.id),
  }));
}

async function story(ctx: Pick<AppContext, 'db'>, id: string): Promise<IncidentStory> {
  const incident = await incidentById(ctx.db, id);
  if (!incident) throw notFound('No incident with this id');
  return { incident, updates: await updatesOfIncidents(ctx.db, [id]) };
}

export async function openIncident(
  ctx: AppContext,
  operator: UserRow,
  input: {
    kind: 'incident' | 'maintenance';
    title: string;
    message: string;
    parts: StatusPartId[];
    announce: boolean;
  },
): Promise<IncidentStory> {
  const now = nowIso();
  const state = FIRST_STATE[input.kind];
  const incident: StatusIncidentRow = {
    id: newId(),
    kind: input.kind,
    title: input.title,
    state,
    parts: [...new Set(input.parts)].join(','),
    announcement_id: null,
    created_by: operator.id,
    created_at: now,
    resolved_at: null,
  };
  await insertIncident(ctx.db, incident, {
    id: newId(),
    incident_id: incident.id,
    state,
    message: input.message,
    created_by: operator.id,
    created_at: now,
  });
  await audit(ctx, operator, 'incident.create', {
    type: 'incident',
    id: incident.id,
    label: incident.title.slice(0, 80),
  });
  if (input.announce) {
    // Lasts as long as an announcement may; resolving the incident ends it sooner.
    const announcement = await postAnnouncement(ctx, operator, {
      message: `${input.kind === 'maintenance' ? 'Maintenance' : 'Incident'}: ${input.title}`.slice(
        0,
        300,
      ),
      level: 'warning',
      expiresAt: nowIso(Date.now() + MAX_ANNOUNCEMENT_DAYS * DAY_MS - 60_000),
    });
    await setIncidentAnnouncement(ctx.db, incident.id, announcement.id);
  }
  return story(ctx, incident.id);
}

export async function postIncidentUpdate(
  ctx: AppContext,
  operator: UserRow,
  id: string,
  input: { state: IncidentState; message: string },
): Promise<IncidentStory> {
  const incident = await incidentById(ctx.db, id);
  if (!incident) throw notFound('No incident with this id');
  if (incident.resolved_at) throw badRequest('This incident is resolved already.');
  if (
    incident.kind === 'incident' &&
    (input.state === 'scheduled' || input.state === 'in_progress')
  ) {
    throw badRequest('Scheduled and In progress are for maintenance.');
  }
  if (
    incident.kind === 'maintenance' &&
    (input.state === 'investigating' || input.state === 'identified')
  ) {
    throw badRequest('Investigating and Identified are for incidents.');
  }
  const now = nowIso();
  const resolved = input.state === 'resolved';
  await addIncidentUpdate(
    ctx.db,
    {
      id: newId(),
      incident_id: id,
      state: input.state,
      message: input.message,
      created_by: operator.id,
      created_at: now,
    },
    resolved ? now : null,
  );
  await audit(ctx, operator, 'incident.update', {
    type: 'incident',
    id,
    label: `${incident.title.slice(0, 60)}: ${input.state}`,
  });
  if (resolved && incident.announcement_id) {
    await endAnnouncementEarly(ctx, operator, incident.announcement_id).catch((err: unknown) => {
      // Ended by hand or expired already: nothing left to end.
      if (!(err instanceof AppError && err.status === 404)) throw err;
    });
  }
  return story(ctx, id);
}
