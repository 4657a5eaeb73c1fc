#!/usr/bin/env bash
# Builds every image of deploy/compose.yaml from this checkout, starts the whole stack with
# `docker compose` (v2) on a Docker Engine that this script starts itself (private data root,
# exec root, socket and bridge), waits for every health check, runs the end-to-end suite against
# it from outside (deploy/test/stack/*.stack.ts), brings the same images up on podman's
# Docker-compatible API (with deploy/compose.podman.yaml) for a short suite, and takes everything
# down again, also when a step fails: no container, volume, network, daemon or socket is left
# behind.
#
#   deploy/test/stack-e2e.sh            as root, with Debian's docker.io, mmdebstrap and podman
#
# STACK_CACHE_DIR (default /var/cache/agent-runtime-stack) keeps the base root file systems and
# the engine's image store between runs, so a second run rebuilds only what changed; set
# STACK_COLD=1 to build everything from nothing (a private, emptied image store). To work on one
# part: STACK_FILES="9-kill 11-scale" runs only those files of the Docker Engine suite, and
# STACK_PODMAN=0 leaves out the podman run.
set -euo pipefail

# What the run needs. Under CI a missing piece fails the run; elsewhere the stack test is skipped
# with a warning, as the other service-backed suites are.
missing=""
[ "$(id -u)" = 0 ] || missing="$missing root"
for tool in dockerd docker mmdebstrap podman ip curl xz dpkg-deb; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  message="stack: cannot run the container stack test, missing:$missing (apt-get install -y docker.io mmdebstrap podman)"
  if [ "${CI:-}" = true ] || [ "${TEST_SERVICES:-}" = required ]; then echo "$message" >&2; exit 1; fi
  echo "$message; skipped" >&2
  exit 0
fi

repo=$(cd "$(dirname "$0")/../.." && pwd)
stack="$repo/deploy/test/stack"
cache=${STACK_CACHE_DIR:-/var/cache/agent-runtime-stack}
run=$(mktemp -d /tmp/agent-stack.XXXXXX)
export STACK_RUN_DIR=$run
started=$(date +%s)
say() { printf 'stack [%4ss] %s\n' "$(($(date +%s) - started))" "$*"; }

mkdir -p "$cache"
data_root="$cache/docker"
[ "${STACK_COLD:-}" != 1 ] || data_root="$run/docker-data"
export DOCKER_HOST="unix://$run/docker.sock"

# shellcheck source=stack/engine.sh
. "$stack/engine.sh"
trap 'status=$?; teardown; rm -rf "$run"; left_behind || status=1; exit $status' EXIT
trap 'exit 130' INT TERM

say "starting dockerd (data root $data_root)"
start_dockerd "$data_root" "$run"

say "compose v2 and the base images"
install_compose_v2 "$cache" "$run"
t0=$(date +%s)
"$stack/base-images.sh" docker
base_seconds=$(($(date +%s) - t0))

say "writing the deployment's .env with install.sh"
compose_env "$run"

say "building the images"
t0=$(date +%s)
bundle_fakes
# Each build step as it starts, so a long cold build shows where it is.
if ! compose --progress plain build \
  > >(tee "$run/build.log" | grep --line-buffered -E '^#[0-9]+ \[' | sed -u 's/^/  /') 2>&1; then
  tail -n 40 "$run/build.log" >&2
  exit 1
fi
build_seconds=$(($(date +%s) - t0))
say "agent-core of the previous migration set, for the upgrade drill"
t0=$(date +%s)
previous_images
previous_seconds=$(($(date +%s) - t0))

say "starting the stack"
t0=$(date +%s)
compose up -d
wait_healthy 240
up_seconds=$(($(date +%s) - t0))
say "all healthy in ${up_seconds}s (bases ${base_seconds}s, build ${build_seconds}s, previous ${previous_seconds}s)"
echo "stack figures: base images ${base_seconds}s, build ${build_seconds}s, previous agent-core ${previous_seconds}s, start to all healthy ${up_seconds}s"
print_image_sizes
print_figures "idle after start"

# One suite run: every test must pass and none may be skipped.
suite() { # name, vitest filter...
  local name=$1
  shift
  (cd "$repo" && npx vitest run --config deploy/test/stack/vitest.config.ts "$@" \
    --reporter=default --reporter=json --outputFile="$run/$name-results.json")
  node "$repo/.ci/test-report.mjs" "stack ($name)" "$run/$name-results.json"
}

say "end-to-end suite on Docker Engine"
# shellcheck disable=SC2086
suite docker ${STACK_FILES:-}
print_figures "after the suite (100 chat messages and the drills)"

if [ "${STACK_PODMAN:-}" = 0 ]; then
  say "passed (Docker Engine; the podman run left out by STACK_PODMAN=0)"
  exit 0
fi
say "the same images on podman"
t0=$(date +%s)
images=$(compose config --images | sort -u)
compose down --volumes --timeout 5 >/dev/null 2>&1
start_podman
# shellcheck disable=SC2086
docker save $images | podman_cmd load >/dev/null
export DOCKER_HOST="unix://$run/podman.sock" STACK_ENGINE=podman ENGINE_SOCKET="$run/podman.sock"
compose up -d --no-build
wait_healthy 300
say "healthy on podman in $(($(date +%s) - t0))s (images moved over included)"
rm -f "$run/session.json"
STACK_SUITE=podman suite podman
say "passed"
