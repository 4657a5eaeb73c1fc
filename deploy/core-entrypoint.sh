#!/bin/sh
# agent-core's start: /app/src gets the image's source afresh (so an upgraded image runs its own
# code), the self-improve patches persisted in /data/src_patches are re-applied to it (SPEC:
# patches survive rebuilds), and the runtime is built from that tree and serves. A patched tree
# that no longer compiles is put back to the image's source and the runtime starts unpatched,
# saying so, rather than not at all. Nothing else writes /app/src.
set -eu
# A young generation of 4 MiB semi-spaces, not V8's 16: each open chat stream then holds about
# 40 KB rather than 70 (docs/architecture.md, "Choices and departures"); npm start does the same.
SERVE="node --max-semi-space-size=4 launch.mjs"
refill() {
  find /app/src -mindepth 1 -delete
  cp -R /app/src.image/. /app/src/
}
if [ ! -w /app/src ]; then
  echo "agent-core: /app/src is not writable; running the image's source without patches" >&2
  exec $SERVE src.image/main.ts
fi
refill
node launch.mjs src/replay-patches.ts ||
  echo "agent-core: re-applying the self-improve patches failed; starting without them" >&2
if ! node launch.mjs --build-only src/main.ts; then
  echo "agent-core: the patched source does not compile; starting the image's source without patches" >&2
  refill
fi
exec $SERVE src/main.ts
