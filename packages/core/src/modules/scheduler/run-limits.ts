/** Longest a run may take: a prompt's model loop, or a gated skill waiting for the operator. */
export const RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * A run still `running` after this long lost its process (a crash, a kill): it no longer
 * blocks the schedule's next runs and is closed as interrupted.
 */
export const ABANDONED_RUN_MS = RUN_TIMEOUT_MS + 60_000;
