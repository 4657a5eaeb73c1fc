import type { ContainerInspect } from './broker-client.js';

/** A start or stop within this long of the container's last change looks like a restart loop. */
export const RECENT_CHANGE_MS = 60_000;

/** The compose service of agent-core; a container of it is the runtime itself. */
const SELF_SERVICE = 'agent-core';

export type ContainerGateDecision = 'ALLOW' | 'WARN' | 'BLOCK';

export interface ContainerGateVerdict {
  decision: ContainerGateDecision;
  reasons: string[];
}

export interface RuntimeIdentity {
  /** This process's host name: in a container, the engine sets it to the container's short id. */
  hostname: string;
}

const changedAt = (inspect: ContainerInspect): number => {
  const times = [inspect.State.StartedAt, inspect.State.FinishedAt]
    .map((text) => (text ? Date.parse(text) : Number.NaN))
    .filter((time) => Number.isFinite(time) && time > 0);
  return times.length > 0 ? Math.max(...times) : 0;
};

/** Whether the container is the one this runtime runs in. */
export function isRuntimeContainer(inspect: ContainerInspect, self: RuntimeIdentity): boolean {
  const id = inspect.Id ?? '';
  return (
    (self.hostname.length >= 12 && id.startsWith(self.hostname)) ||
    inspect.Config.Hostname === self.hostname ||
    inspect.Config.Labels['com.docker.compose.service'] === SELF_SERVICE ||
    inspect.Name === SELF_SERVICE
  );
}

/**
 * The soft safety gate for PRIVILEGED container control, in the spirit of SPEC's gate for
 * patches: BLOCK what would cut the runtime off from itself (stopping its own container, from
 * which nobody is left to start it again); WARN on what interrupts a service or looks like a
 * restart loop (stopping a running container, any start or stop within a minute of the last
 * change); ALLOW the rest. BLOCK refuses even an approved call; WARN goes ahead and is recorded.
 * Reads (list, inspect, logs) are always ALLOW.
 */
export function evaluateContainerGate(
  action: 'start' | 'stop',
  inspect: ContainerInspect,
  self: RuntimeIdentity,
  now = Date.now(),
): ContainerGateVerdict {
  const reasons: string[] = [];
  const name = inspect.Name ?? inspect.Id ?? 'the container';
  if (action === 'stop' && isRuntimeContainer(inspect, self)) {
    reasons.push(
      `${name} is the container agent-core runs in; stopping it would leave nobody to start it`,
    );
    return { decision: 'BLOCK', reasons };
  }
  if (action === 'stop' && inspect.State.Running)
    reasons.push(`${name} is running; stopping it interrupts whatever it serves`);
  const sinceChange = now - changedAt(inspect);
  if (sinceChange < RECENT_CHANGE_MS)
    reasons.push(
      `${name} changed state ${Math.max(0, Math.round(sinceChange / 1000))} s ago; repeated starts and stops look like a restart loop`,
    );
  if (inspect.RestartCount > 0) reasons.push(`${name} has restarted ${inspect.RestartCount} times`);
  return { decision: reasons.length > 0 ? 'WARN' : 'ALLOW', reasons };
}
