# Functions of stack-e2e.sh: the private engine, the compose command, health and teardown.
# Sourced; uses $repo, $stack, $run and say() from the caller.

# dockerd with its own data root, exec root, socket and bridge, so that nothing of the host's
# engine (if any) is touched and teardown can remove all of it.
BRIDGE=agent-stack0
start_dockerd() { # data_root, run_dir
  mkdir -p "$1" "$2/exec"
  ip link show "$BRIDGE" >/dev/null 2>&1 || {
    ip link add "$BRIDGE" type bridge
    ip addr add 10.231.0.1/24 dev "$BRIDGE"
    ip link set "$BRIDGE" up
  }
  dockerd --data-root "$1" --exec-root "$2/exec" --pidfile "$2/dockerd.pid" \
    -H "unix://$2/docker.sock" --bridge "$BRIDGE" --log-level warn \
    --default-address-pool base=10.232.0.0/16,size=24 >"$2/dockerd.log" 2>&1 &
  for _ in $(seq 1 60); do
    docker version >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "stack: dockerd did not start:" >&2
  tail -n 30 "$2/dockerd.log" >&2
  return 1
}

# Compose v2, the `docker compose` most operators run. Debian bookworm's docker-compose is 1.29,
# which cannot pass `systempaths=unconfined` (docs/operations.md, "Sandboxing inside
# agent-core"); Debian trixie's docker-compose package is v2. Its binary is taken from Debian's
# archive (checked against the archive's SHA-256), kept in the cache, never installed on the
# host, and offered to this run's docker CLI alone as its compose plugin (DOCKER_CONFIG).
install_compose_v2() { # cache_dir run_dir
  local dir="$1/compose-v2" index deb sum
  if [ ! -x "$dir/docker-compose" ]; then
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    curl -fsS -o "$dir.partial/Packages.xz" \
      http://deb.debian.org/debian/dists/trixie/main/binary-amd64/Packages.xz
    index=$(xz -dc "$dir.partial/Packages.xz" |
      awk '/^Package: docker-compose$/{p=1} p&&/^(Filename|SHA256):/{print $2} p&&/^$/{p=0}')
    deb=$(sed -n 1p <<<"$index") sum=$(sed -n 2p <<<"$index")
    curl -fsS -o "$dir.partial/compose.deb" "http://deb.debian.org/debian/$deb"
    echo "$sum  $dir.partial/compose.deb" | sha256sum -c --quiet
    dpkg-deb -x "$dir.partial/compose.deb" "$dir.partial/root"
    mv "$dir.partial/root/usr/libexec/docker/cli-plugins/docker-compose" "$dir.partial/docker-compose"
    rm -rf "$dir.partial/root" "$dir.partial/compose.deb" "$dir.partial/Packages.xz"
    mv "$dir.partial" "$dir"
  fi
  mkdir -p "$2/docker-config/cli-plugins"
  ln -sf "$dir/docker-compose" "$2/docker-config/cli-plugins/docker-compose"
}

# `docker compose` as an operator runs it, in deploy/ (their .env is $run/ops/.env here), with
# the test's overrides layered on, against the engine DOCKER_HOST names (STACK_ENGINE=podman
# adds the operator's podman layer and this machine's runc limits).
compose() {
  local files=(-f compose.yaml -f "$stack/compose.test.yaml")
  [ "${STACK_ENGINE:-docker}" != podman ] ||
    files+=(-f compose.podman.yaml -f "$stack/podman-limits.yaml")
  (cd "$repo/deploy" && DOCKER_CONFIG="$run/docker-config" command docker compose "${files[@]}" \
    --env-file "$run/ops/.env" "$@")
}

# podman's Docker-compatible API on a private socket, storage and network configuration, as
# root like dockerd. Without systemd nothing schedules podman's health checks (it uses systemd
# timers): the ticker runs them every few seconds in their place.
podman_cmd() {
  podman --root "$run/podman-root" --runroot "$run/podman-run" \
    --network-config-dir "$run/podman-networks" --cgroup-manager cgroupfs --events-backend file "$@"
}
start_podman() {
  mkdir -p "$run/podman-root" "$run/podman-run" "$run/podman-networks"
  podman_cmd system service --time=0 "unix://$run/podman.sock" >"$run/podman.log" 2>&1 &
  echo $! >"$run/podman.pid"
  for _ in $(seq 1 60); do
    curl -fsS --unix-socket "$run/podman.sock" http://podman/_ping >/dev/null 2>&1 && break
    sleep 0.5
  done
  # An unhealthy or restarting container fails its check: that must not end the ticker (set -e).
  (while :; do
    for id in $(podman_cmd ps -q 2>/dev/null || true); do
      podman_cmd healthcheck run "$id" >/dev/null 2>&1 || true
    done
    sleep 3
  done) &
  echo $! >"$run/podman-ticker.pid"
}

stop_podman() {
  [ -d "$run/podman-root" ] || return 0
  # The ticker first, so that no health check starts while everything goes.
  [ ! -s "$run/podman-ticker.pid" ] || kill "$(cat "$run/podman-ticker.pid")" 2>/dev/null
  [ ! -S "$run/podman.sock" ] ||
    DOCKER_HOST="unix://$run/podman.sock" STACK_ENGINE=podman compose down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1
  podman_cmd rm -af -t 0 >/dev/null 2>&1
  podman_cmd system reset -f >/dev/null 2>&1
  # Whatever still runs on this run's storage: the API service (started through a function, so
  # its pid file names the subshell), conmon of a health check cut short, a container's cleanup.
  pkill -KILL -f -- "--root $run/podman-root" 2>/dev/null
  pkill -KILL -f -- "$run/podman-root/overlay-containers" 2>/dev/null
  rm -f "$run/podman.sock"
}

# The operator's deployment folder, $run/ops: the .env that install.sh writes, install.sh itself
# (beside its .env, as in deploy/) and the backups. The drills of docs/operations.md run there.
compose_env() { # run_dir
  mkdir -p "$1/ops"
  ln -sf "$repo/deploy/install.sh" "$1/ops/install.sh"
  DOCKER_CONFIG="$1/docker-config" "$1/ops/install.sh" --domain localhost --llm \
    --telegram-token 123456:stack-test-token-for-the-fake-bot --telegram-users 111111 >"$1/install.log"
  {
    echo "ENGINE_SOCKET=$1/docker.sock"
    echo "DEFAULT_MODEL=ollama/stack-model"
  } >>"$1/ops/.env"
}

# The fake model and the fake Telegram, each bundled with its imports into the one file its
# image copies.
bundle_fakes() {
  for fake in fake-llm fake-telegram; do
    (cd "$repo" && npx esbuild "deploy/test/stack/$fake/main.ts" --bundle --platform=node \
      --format=esm --target=node20 --log-level=warning --outfile="deploy/test/stack/$fake/main.mjs")
  done
}

# agent-core as it was before the newest database migration, for the upgrade drill: the source
# of the commit before the one that added the newest migration file, packaged by today's
# deploy/ (Dockerfile, entrypoint, health check). Tagged agent-runtime/*:previous, the other
# services' images alias their current ones; the build is kept in the image store by commit.
# A clone without that history (a shallow one) takes this checkout's source with its newest
# migration left out of the migration list instead, and says so.
previous_images() {
  local migrations=packages/core/src/store/migrations added rev tag stale newest=""
  added=$(git -C "$repo" log -1 --diff-filter=A --format=%H -- "$migrations/" 2>/dev/null || true)
  if ! rev=$(git -C "$repo" rev-parse --verify -q "${added:-HEAD}^" 2>/dev/null); then
    rev=$(git -C "$repo" rev-parse HEAD)
    newest=$(grep -oE "^ +'[0-9]{4}-[a-z0-9-]+':" "$repo/$migrations/index.ts" | tr -d " ':" |
      sort | tail -n 1)
    echo "stack: no history before the newest migration here: the upgrade starts from this" \
      "source without $newest" >&2
  fi
  tag="agent-runtime/core:previous-${rev:0:12}${newest:+-without-$newest}"
  if ! docker image inspect "$tag" >/dev/null 2>&1; then
    rm -rf "$run/previous" && mkdir -p "$run/previous"
    git -C "$repo" archive "$rev" | tar -x -C "$run/previous"
    [ -z "$newest" ] || sed -i "/'\.\/$newest\.js'/d; /^ *'$newest':/d" \
      "$run/previous/$migrations/index.ts"
    rm -rf "$run/previous/deploy"
    cp -r "$repo/deploy" "$repo/.dockerignore" "$run/previous/"
    # Built by compose, as the other images are: the same BuildKit and its cache.
    cat >"$run/previous.yaml" <<YAML
services:
  agent-core:
    build:
      context: $run/previous
      dockerfile: deploy/core.Dockerfile
      args: { NODE_IMAGE: "agent-test/node:latest" }
    image: $tag
YAML
    DOCKER_CONFIG="$run/docker-config" docker compose -p agent-previous -f "$run/previous.yaml" \
      --progress quiet build
    rm -rf "$run/previous" "$run/previous.yaml"
  fi
  # Builds of earlier migration sets are superseded.
  stale=$(docker images --format '{{.Repository}}:{{.Tag}}' |
    grep '^agent-runtime/core:previous-' | grep -vx "$tag" || true)
  # shellcheck disable=SC2086
  [ -z "$stale" ] || docker rmi $stale >/dev/null
  docker tag "$tag" agent-runtime/core:previous
  for image in proxy broker messaging; do
    docker tag "agent-runtime/$image:latest" "agent-runtime/$image:previous"
  done
  echo "$rev" >"$run/previous-rev"
}

containers() { compose ps -q 2>/dev/null; }

# Waits until every container of the project runs and every health check passes.
wait_healthy() { # timeout seconds
  local deadline=$(($(date +%s) + $1)) states
  while :; do
    # A container without a health check: no Health on Docker Engine, an empty status on podman.
    states=$(containers | xargs -r docker inspect -f \
      '{{.Name}} {{.State.Status}} {{with .State.Health}}{{or .Status "none"}}{{else}}none{{end}}')
    if [ -n "$states" ] && ! grep -v -E ' running (healthy|none)$' <<<"$states" >/dev/null; then
      return 0
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "stack: not healthy after $1 s:" >&2
      echo "$states" >&2
      compose logs --no-color --tail=60 >&2 || true
      return 1
    fi
    sleep 2
  done
}

# Everything this run made goes, whatever state it is in: containers, volumes and networks of
# the project and any other, then the engine, its socket, exec root and bridge.
teardown() {
  set +e
  stop_podman
  export DOCKER_HOST="unix://$run/docker.sock" STACK_ENGINE=docker ENGINE_SOCKET="$run/docker.sock"
  if [ -S "$run/docker.sock" ]; then
    [ -z "${STACK_KEEP_LOGS:-}" ] || compose logs --no-color >"$STACK_KEEP_LOGS" 2>&1
    compose down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1
    docker ps -aq | xargs -r docker rm -f >/dev/null 2>&1
    docker volume ls -q | xargs -r docker volume rm -f >/dev/null 2>&1
    docker network prune -f >/dev/null 2>&1
    # The image store is kept for the next run (STACK_CACHE_DIR): only what this run superseded goes.
    docker image prune -f >/dev/null 2>&1
    docker builder prune -f --keep-storage 8GB >/dev/null 2>&1
  fi
  if [ -s "$run/dockerd.pid" ]; then
    local pid
    pid=$(cat "$run/dockerd.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null
  fi
  ip link delete "$BRIDGE" 2>/dev/null
  grep -o " $run/[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null
  set -e
}

# After the teardown nothing of the run may be left: a process naming its folder (a daemon, a
# shim, a conmon), a mount under it, the bridge or the folder itself fails the run. A few seconds
# are allowed for processes that are already ending.
left_behind() {
  local found=""
  for _ in $(seq 1 20); do
    found=$({
      pgrep -fa -- "$run/" || true
      grep -F " $run/" /proc/mounts || true
      ip -o link show "$BRIDGE" 2>/dev/null || true
      [ ! -e "$run" ] || echo "$run"
    } 2>/dev/null)
    [ -n "$found" ] || return 0
    sleep 0.5
  done
  echo "stack: left behind after the teardown:" >&2
  echo "$found" >&2
  return 1
}

# The stack's figures for bench/README.md: build and start times, image sizes, memory per
# container. Printed with a heading, so the run's log is the record.
print_figures() { # heading
  echo "stack figures: $1"
  docker stats --no-stream --format '  memory {{.Name}} {{.MemUsage}}' | sed 's/ \/ .*//'
}
print_image_sizes() {
  echo "stack figures: image sizes"
  docker images --format '  image {{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'agent-runtime/|agent-test/' | grep -v ':[0-9a-f]\{12\} '
}
