/**
 * The soak's runtime: `src/main.ts`, with two changes: the goal workers' lease and sweep are
 * seconds rather than a minute, so a task whose process was killed is taken again while the
 * soak still runs (an operator's runtime takes it again a minute later, in the same way); and
 * SIGUSR2 runs a full garbage collection, so the memory the soak reads at idle is what the
 * runtime holds, not garbage V8 has not collected yet.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { configureGoalsTiming } from '../../packages/core/src/modules/goals/goals-timing.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
process.on('SIGUSR2', () => collectGarbage());

configureGoalsTiming({ leaseMs: 6_000, heartbeatMs: 1_000, sweepMs: 2_000, replanAfterMs: 10_000 });
await import('../../packages/core/src/main.ts');
