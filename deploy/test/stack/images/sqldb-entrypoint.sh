#!/bin/sh
# agent-sqldb in the test stack: a first start creates the cluster with POSTGRES_USER as its
# superuser (password POSTGRES_PASSWORD, scram over the network, trust on the local socket) and
# the database POSTGRES_DB, as the official image does; every start then serves on all addresses.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "sqldb: POSTGRES_PASSWORD is not set" >&2; exit 1; }
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "sqldb: created the cluster and database $POSTGRES_DB"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
