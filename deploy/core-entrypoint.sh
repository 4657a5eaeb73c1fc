#!/bin/sh
# agent-core's start: /app/src gets the image's source afresh (so an upgraded image runs its own
# code), the runtime then re-applies the self-improve patches persisted in /data/src_patches
# (SPEC: patches survive rebuilds) and serves. Nothing else writes /app/src.
set -eu
if [ -w /app/src ]; then
  find /app/src -mindepth 1 -delete
  cp -R /app/src.image/. /app/src/
else
  echo "agent-core: /app/src is not writable; running the image's source without patches" >&2
  exec node launch.mjs src.image/main.ts
fi
exec node launch.mjs src/main.ts
