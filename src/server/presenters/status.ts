import {
  SLA_MONTHLY_PERCENT,
  type AdminStatusResponse,
  type Incident,
  type StatusResponse,
} from '../../shared/status';
import { partsOfIncident, type IncidentStory } from '../domain/status/incidents';
import type { ServiceStatus } from '../domain/status/status-page';

/** What the public sees of an incident: who posted it stays in the audit log. */
export function presentIncident({ incident, updates }: IncidentStory): Incident {
  return {
    id: incident.id,
    kind: incident.kind,
    title: incident.title,
    state: incident.state,
    parts: partsOfIncident(incident),
    announcementId: incident.announcement_id,
    createdAt: incident.created_at,
    resolvedAt: incident.resolved_at,
    updates: updates.map((u) => ({
      id: u.id,
      state: u.state,
      message: u.message,
      createdAt: u.created_at,
    })),
  };
}

export function presentStatus(status: ServiceStatus): StatusResponse {
  return {
    status: status.status,
    parts: status.parts.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      detail: p.detail,
      checkedAt: p.checkedAt,
      uptime90d: p.uptime90d,
      days: p.days,
    })),
    incidents: status.incidents.map(presentIncident),
  };
}

export function presentAdminStatus(status: ServiceStatus, now = new Date()): AdminStatusResponse {
  return {
    month: now.toISOString().slice(0, 7),
    parts: status.parts.map((p) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      monthUptime: p.monthUptime,
      slaPercent: SLA_MONTHLY_PERCENT[p.id] ?? null,
    })),
    incidents: status.incidents.map(presentIncident),
  };
}
