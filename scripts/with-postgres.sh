#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster from the installed binaries (as the postgres user when run
# as root), exports TEST_DATABASE_URL for the command given, then stops and deletes the cluster.
#   bash scripts/with-postgres.sh npm test
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || bin=$(dirname "$(command -v pg_ctl)")
[ -x "$bin/initdb" ] || { echo "PostgreSQL binaries not found (install postgresql)" >&2; exit 1; }

port=${PG_TEST_PORT:-54329}
dir=$(mktemp -d /tmp/budz-pg.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"

cleanup() {
  run "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

run "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') running on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
