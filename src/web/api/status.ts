import type {
  AdminStatusResponse,
  CreateIncidentRequest,
  IncidentResponse,
  IncidentUpdateRequest,
  StatusResponse,
} from '../../shared/status';
import { api } from './client';

/** GET /api/status (public) and the operators' /api/admin/status. */
export const statusApi = {
  status: () => api<StatusResponse>('/status'),
  admin: () => api<AdminStatusResponse>('/admin/status'),
  openIncident: (input: CreateIncidentRequest) =>
    api<IncidentResponse>('/admin/status/incidents', { body: input }),
  postUpdate: (incidentId: string, input: IncidentUpdateRequest) =>
    api<IncidentResponse>(`/admin/status/incidents/${encodeURIComponent(incidentId)}/updates`, {
      body: input,
    }),
};
