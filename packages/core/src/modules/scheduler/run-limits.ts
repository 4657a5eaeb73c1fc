/** Longest a run may take: a prompt's model loop, or a gated skill waiting for the operator. */
export const RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * A running run's lease: its process extends it every RUN_HEARTBEAT_MS while the run works. A
 * lease that lapsed means the process is gone (a crash, a kill): the run no longer blocks the
 * schedule's next runs, and the sweep, every RUN_SWEEP_MS on every replica, closes it.
 */
export const RUN_LEASE_MS = 60_000;
export const RUN_HEARTBEAT_MS = 15_000;
export const RUN_SWEEP_MS = 30_000;
