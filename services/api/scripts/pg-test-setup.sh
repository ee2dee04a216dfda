#!/bin/sh
# Starts a throw-away PostgreSQL cluster for the API's repository tests and prints its URL on stdout
# (everything else goes to stderr). Installs Debian's postgresql first if no server is found.
# Idempotent: a second call finds the running cluster and prints the same URL.
#
#   export PORTICO_TEST_DATABASE_URL="$(sh services/api/scripts/pg-test-setup.sh)"
#
# PORTICO_PG_DIR (default /tmp/portico-pg) holds the cluster; PORTICO_PG_PORT (default 54329).
set -eu

DIR="${PORTICO_PG_DIR:-/tmp/portico-pg}"
PORT="${PORTICO_PG_PORT:-54329}"
DB=portico_test
log() { echo "pg-test-setup: $*" >&2; }

find_bindir() {
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
  done
  return 1
}

BIN="$(find_bindir || true)"
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then log "PostgreSQL is not installed and we are not root: apt-get install postgresql"; exit 1; fi
  log "installing Debian postgresql"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  BIN="$(find_bindir)"
fi

# The server refuses to run as root: use the postgres account when we are root.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  as_pg() { runuser -u postgres -- "$@"; }
  OWNER=postgres
else
  as_pg() { "$@"; }
  OWNER="$(id -un)"
fi

mkdir -p "$DIR"
chown "$OWNER" "$DIR" 2>/dev/null || true
if [ ! -f "$DIR/data/PG_VERSION" ]; then
  log "initialising a cluster in $DIR/data"
  as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-sync >&2
fi
if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  log "starting PostgreSQL on 127.0.0.1:$PORT"
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >&2
fi
if ! as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  as_pg "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -c "CREATE DATABASE $DB" >&2
fi
echo "postgres://postgres@127.0.0.1:$PORT/$DB"
