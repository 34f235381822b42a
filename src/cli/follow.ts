import { io, type Socket } from 'socket.io-client';
import type { DeploymentStatus } from '../shared/deployment';
import { EVENTS, type DeploymentUpdateEvent, type JoinAck } from '../shared/events';
import type { ApiClient } from './client';

// Follows a deployment to SUCCESS or FAILED: live over socket.io when it connects, by polling
// GET /api/deployments/:id otherwise. The socket opens while the upload is still in flight, so
// following costs no extra round trip on the way to the URL.

export interface Progress {
  status: DeploymentStatus;
  progress: number;
  message: string | null;
  logs: string[];
  errorMessage: string | null;
}

const FINAL = new Set<DeploymentStatus>(['SUCCESS', 'FAILED']);
const CONNECT_TIMEOUT_MS = 3000;
const POLL_MS = 250;
/** With a live socket, a slow poll still runs: a lost event must not leave the CLI hanging. */
const SAFETY_POLL_MS = 2000;

export interface LiveChannel {
  socket: Socket;
  /** True once connected; false when the socket could not connect (then we poll). */
  connected: Promise<boolean>;
}

export function openLive(server: string, token: string): LiveChannel {
  const socket = io(server, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
  });
  const connected = new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
  return { socket, connected };
}

export async function followDeployment(
  client: ApiClient,
  live: LiveChannel | null,
  deploymentId: string,
  onUpdate: (p: Progress) => void,
): Promise<Progress> {
  return new Promise<Progress>((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | null = null;
    const finish = (p: Progress) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      live?.socket.off(EVENTS.deploymentUpdate, onEvent);
      resolve(p);
    };
    const seen = (p: Progress) => {
      if (done) return;
      onUpdate(p);
      if (FINAL.has(p.status)) finish(p);
    };
    const onEvent = (e: DeploymentUpdateEvent) => {
      if (e.deploymentId !== deploymentId) return;
      seen({
        status: e.status,
        progress: e.progress,
        message: e.message,
        logs: e.logs,
        errorMessage: e.errorMessage ?? null,
      });
    };
    const poll = async (every: number) => {
      if (done) return;
      try {
        const d = await client.deployment(deploymentId);
        seen(d);
      } catch (err) {
        if (!done) {
          done = true;
          reject(err as Error);
        }
        return;
      }
      if (!done) timer = setTimeout(() => void poll(every), every);
    };
    void (async () => {
      const joined = live ? await join(live, deploymentId, onEvent) : false;
      // One read after joining catches whatever happened before the join (a fast build).
      await poll(joined ? SAFETY_POLL_MS : POLL_MS);
    })();
  });
}

async function join(
  live: LiveChannel,
  deploymentId: string,
  onEvent: (e: DeploymentUpdateEvent) => void,
): Promise<boolean> {
  if (!(await live.connected)) return false;
  live.socket.on(EVENTS.deploymentUpdate, onEvent);
  const ack = await new Promise<JoinAck>((resolve) => {
    live.socket
      .timeout(CONNECT_TIMEOUT_MS)
      .emit(EVENTS.joinDeployment, deploymentId, (err: Error | null, answer: JoinAck) =>
        resolve(err ? { ok: false, error: err.message } : answer),
      );
  });
  if (!ack.ok) live.socket.off(EVENTS.deploymentUpdate, onEvent);
  return ack.ok;
}
