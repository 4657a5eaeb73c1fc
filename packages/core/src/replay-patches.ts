/**
 * Re-applies the persisted self-improve patches to the source tree, before the runtime is built
 * from it. The container's entrypoint runs this first: /app/src starts as the image's source at
 * every start, and the runtime's own replay happens once its code is loaded, too late for that
 * start to run the patched code. Never fails the start: a patch that does not apply is skipped
 * and named here, and again by the runtime (GET /api/self-improve/patches).
 */
import { ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './logger.js';
import { openPatchReplay, replayPatches } from './modules/selfimprove/patch-replay.js';

try {
  const config = loadConfig();
  const log = createLogger(config.server.logLevel).child({ module: 'selfimprove' });
  const { store, tree } = openPatchReplay(config);
  await replayPatches(store, tree, log);
} catch (error) {
  // A bad setting is reported by the runtime's own start, with its exit code.
  if (!(error instanceof ConfigError)) throw error;
}
