import { STATUS_PART_NAMES, type PartState } from '../../../shared/status';
import type { AppContext } from '../../context';
import { partsOf } from './checks';
import { listIncidents, partsOfIncident, type IncidentStory } from './incidents';
import { readParts, type PartReading } from './uptime';

// What the status page shows: each part's state and days, the incidents, and one overall
// state. The page must answer most when things are worst, so a node that cannot read the
// database says so (the database part down) over the last state it read.

export interface ServiceStatus {
  status: PartState;
  parts: PartReading[];
  incidents: IncidentStory[];
}

const RANK: Record<PartState, number> = { operational: 0, degraded: 1, down: 2 };

export function worstOf(states: PartState[]): PartState {
  return states.reduce<PartState>((w, s) => (RANK[s] > RANK[w] ? s : w), 'operational');
}

export function createStatusReader(ctx: Pick<AppContext, 'db' | 'config' | 'log'>) {
  let lastRead: ServiceStatus | null = null;
  return {
    async read(): Promise<ServiceStatus> {
      try {
        const [parts, incidents] = await Promise.all([readParts(ctx), listIncidents(ctx)]);
        lastRead = { status: 'operational', parts: withIncidents(parts, incidents), incidents };
      } catch (err) {
        ctx.log.warn({ err }, 'the status page could not read the database');
        const parts = (lastRead?.parts ?? readPartsWithoutDatabase(ctx)).map((p) =>
          p.id === 'database'
            ? { ...p, status: 'down' as const, detail: 'The database does not answer.' }
            : p,
        );
        lastRead = { status: 'operational', parts, incidents: lastRead?.incidents ?? [] };
      }
      return { ...lastRead, status: worstOf(lastRead.parts.map((p) => p.status)) };
    },
  };
}

/** A part an open incident names is at least degraded, whatever the checks say. */
function withIncidents(parts: PartReading[], incidents: IncidentStory[]): PartReading[] {
  const touched = new Set(
    incidents
      .filter((s) => s.incident.kind === 'incident' && !s.incident.resolved_at)
      .flatMap((s) => partsOfIncident(s.incident)),
  );
  return parts.map((p) =>
    touched.has(p.id) && p.status === 'operational' ? { ...p, status: 'degraded' } : p,
  );
}

/** Before the first successful read: every part as unknown, with no history to show. */
function readPartsWithoutDatabase(ctx: Pick<AppContext, 'config'>): PartReading[] {
  return partsOf(ctx.config).map((id) => ({
    id,
    name: STATUS_PART_NAMES[id],
    status: 'degraded',
    detail: 'Not known while the database does not answer.',
    checkedAt: null,
    uptime90d: 100,
    days: [],
    monthUptime: null,
  }));
}
