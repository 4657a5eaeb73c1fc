#!/bin/sh
# Prepares a production deployment: writes the secrets and settings docker compose reads into
# .env beside compose.yaml (mode 0600). Run it again at any time: a secret already in .env is
# never replaced; settings given as options are updated.
#
#   ./install.sh --domain agent.example.com --email ops@example.com
#   ./install.sh --domain agent.lan                # Caddy's internal CA, for a LAN name
#   ./install.sh --telegram-token 123:ABC --telegram-users 11111111,22222222
#   ./install.sh --replicas 3                      # agent-core replicas (docs/operations.md)
#
# Options: --domain NAME, --email ADDRESS (automatic public certificates; without it Caddy's
# internal CA), --telegram-token TOKEN, --telegram-users IDS, --llm (start the Ollama service),
# --replicas N (agent-core replicas, default 1), --env-file PATH (default: .env beside this script).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
env_file="$here/.env"
domain="" email="" telegram_token="" telegram_users="" llm="" replicas=""

die() { echo "install.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --domain) domain=${2:-}; shift 2 ;;
    --email) email=${2:-}; shift 2 ;;
    --telegram-token) telegram_token=${2:-}; shift 2 ;;
    --telegram-users) telegram_users=${2:-}; shift 2 ;;
    --llm) llm=yes; shift ;;
    --replicas) replicas=${2:-}; shift 2 ;;
    --env-file) env_file=${2:-}; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done

[ -z "$domain" ] || printf '%s' "$domain" | grep -Eq '^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$' ||
  die "--domain must be a host name or an address"
[ -z "$email" ] || printf '%s' "$email" | grep -Eq '^[^[:space:]@]+@[^[:space:]@]+$' ||
  die "--email must be an e-mail address"
[ -z "$telegram_token" ] || printf '%s' "$telegram_token" | grep -Eq '^[0-9]+:[A-Za-z0-9_-]{20,}$' ||
  die "--telegram-token must be the token @BotFather gave (123456:ABC...)"
[ -z "$telegram_users" ] || printf '%s' "$telegram_users" | grep -Eq '^[0-9]+(,[0-9]+)*$' ||
  die "--telegram-users must be numeric Telegram user ids, comma-separated"
[ -z "$replicas" ] || printf '%s' "$replicas" | grep -Eq '^([1-9]|1[0-6])$' ||
  die "--replicas must be a number from 1 to 16"

umask 077
touch "$env_file"
chmod 600 "$env_file"

# The value of KEY in .env, or nothing.
current() { sed -n "s/^$1=//p" "$env_file" | tail -n 1; }
# Random hex from the kernel: $1 bytes.
random_hex() { od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'; }

# A secret is written once and then kept, whatever this script is asked later.
secret() {
  if [ -n "$(current "$1")" ]; then
    echo "kept      $1"
  else
    printf '%s=%s\n' "$1" "$2" >> "$env_file"
    echo "generated $1"
  fi
}

# A setting follows the options given now (or keeps its value when none is given).
setting() {
  [ -n "$2" ] || { [ -n "$(current "$1")" ] || [ -z "${3:-}" ] || setting "$1" "$3"; return 0; }
  if [ "$(current "$1")" = "$2" ]; then return 0; fi
  tmp="$env_file.tmp.$$"
  grep -v "^$1=" "$env_file" > "$tmp" || true
  printf '%s=%s\n' "$1" "$2" >> "$tmp"
  cat "$tmp" > "$env_file"
  rm -f "$tmp"
  echo "set       $1"
}

secret DASHBOARD_SECRET "$(random_hex 32)"
secret DASHBOARD_PASSWORD "$(random_hex 16)"
secret BROKER_TOKEN "$(random_hex 32)"
secret MESSAGING_PASSWORD "$(random_hex 24)"
secret POSTGRES_PASSWORD "$(random_hex 24)"
secret KV_PASSWORD "$(random_hex 24)"

setting COMPOSE_PROJECT_NAME "" agent-runtime
setting DASHBOARD_USER "" admin
setting AGENT_DOMAIN "$domain" localhost
if [ -n "$email" ]; then setting AGENT_TLS "$email"; else setting AGENT_TLS "" internal; fi
socket=/var/run/docker.sock
[ -S "$socket" ] || [ ! -S /run/podman/podman.sock ] || socket=/run/podman/podman.sock
setting ENGINE_SOCKET "" "$socket"
[ -z "$telegram_token" ] || secret TELEGRAM_BOT_TOKEN "$telegram_token"
setting MESSAGING_ALLOWED_USERS "$telegram_users" ""
profiles=""
[ -z "$(current TELEGRAM_BOT_TOKEN)" ] || profiles="telegram"
[ -z "$llm" ] && ! current COMPOSE_PROFILES | grep -q llm || profiles="${profiles:+$profiles,}llm"
[ -z "$profiles" ] || setting COMPOSE_PROFILES "$profiles"
[ -z "$llm" ] || setting OLLAMA_URL "" http://agent-llm:11434
setting AGENT_CORE_REPLICAS "$replicas" 1

chmod 600 "$env_file"
domain=$(current AGENT_DOMAIN)
if ! docker compose version >/dev/null 2>&1 && command -v docker-compose >/dev/null 2>&1 &&
  docker-compose version --short 2>/dev/null | grep -q '^1\.'; then
  echo "install.sh: warning: only Compose 1.x is installed; agent-core needs Compose v2 (docker compose)" >&2
fi
cat <<NEXT

Wrote $env_file (mode 0600). Keep it private and back it up: it holds every secret.

Next steps:
  1. Start:      cd $here && docker compose up -d --build     (or docker-compose)
  2. Sign in:    https://$domain/login as $(current DASHBOARD_USER), password: grep DASHBOARD_PASSWORD $env_file
NEXT
if [ "$(current AGENT_TLS)" = internal ]; then
  cat <<NEXT
     The certificate comes from Caddy's internal CA; trust its root once on each device:
     docker compose cp agent-proxy:/data/caddy/pki/authorities/local/root.crt ./agent-root.crt
NEXT
fi
if [ -z "$(current TELEGRAM_BOT_TOKEN)" ]; then
  echo "  3. Telegram:   ./install.sh --telegram-token <token from @BotFather> --telegram-users <your user id>"
elif [ -z "$(current MESSAGING_ALLOWED_USERS)" ]; then
  echo "  3. Telegram:   MESSAGING_ALLOWED_USERS is empty, so the bridge answers nobody: ./install.sh --telegram-users <ids>"
fi
echo "  4. Containers the agent may start and stop carry the label agent-runtime.controllable=true."
echo "  docs/operations.md covers upgrades, backups, rotating secrets and logs."
