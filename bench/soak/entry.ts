/**
 * The soak's runtime: `src/main.ts`, with one change: the goal workers' lease and sweep are
 * seconds rather than a minute, so a task whose process was killed is taken again while the
 * soak still runs (an operator's runtime takes it again a minute later, in the same way).
 */
import { configureGoalsTiming } from '../../packages/core/src/modules/goals/goals-timing.ts';

configureGoalsTiming({ leaseMs: 6_000, heartbeatMs: 1_000, sweepMs: 2_000, replanAfterMs: 10_000 });
await import('../../packages/core/src/main.ts');
