#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback, for the tests and for trying Tollgate on PostgreSQL.
#
#   scripts/postgres.sh start   creates the cluster if needed, starts it, prints its URL
#   scripts/postgres.sh url     prints the URL of the running cluster (fails when it is not running)
#   scripts/postgres.sh pause   stops the server and keeps its data; 'start' brings it back on the same port
#   scripts/postgres.sh stop    stops the server and deletes the cluster
#
# The cluster lives in $TOLLGATE_PG_DIR, else .build/postgres; its Unix socket is in that folder and it listens on
# 127.0.0.1 only, on a free port, trusting local connections (never use it for real data). Run as root, the server
# runs as the 'postgres' user, as PostgreSQL refuses to run as root, in a folder of its own under /tmp when that
# user cannot write to the cluster's folder.
set -euo pipefail
cd "$(dirname "$0")/.."

dir="${TOLLGATE_PG_DIR:-$PWD/.build/postgres}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [[ -z "$bin" || ! -x "$bin/pg_ctl" ]]; then
  echo "postgres.sh: PostgreSQL's server is not installed; run: scripts/install-deps.sh --test" >&2
  exit 2
fi

# Runs a server program as the cluster's owner.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The folder holding the cluster's data and socket: $dir itself, or, when run as root in a folder the postgres
# user cannot reach (a checkout under /root), a folder of its own under /tmp that $dir/home names.
home() {
  if [[ -f "$dir/home" ]]; then cat "$dir/home"; else echo "$dir"; fi
}

url() {
  echo "postgresql://postgres@127.0.0.1:$(cat "$dir/port")/tollgate"
}

running() {
  [[ -f "$dir/port" && -d "$(home)/data" ]] && as_owner "$bin/pg_ctl" -D "$(home)/data" status >/dev/null 2>&1
}

# True when something accepts connections on 127.0.0.1:$1.
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# A free port for a new cluster, below the kernel's range of ephemeral ports, which outgoing connections and
# servers on port 0 draw from: a paused cluster must find its port free again when it restarts.
new_port() {
  local low=32768 high=60999
  [[ -r /proc/sys/net/ipv4/ip_local_port_range ]] && read -r low high </proc/sys/net/ipv4/ip_local_port_range
  local first=10000 count=$((low - 10000))
  if ((count < 1000)); then first=$((high + 1)); count=$((65536 - first)); fi
  ((count >= 100)) || { first=20000; count=20000; }
  local port=$((first + RANDOM % count))
  while port_in_use "$port"; do port=$((first + RANDOM % count)); done
  echo "$port"
}

start() {
  if running; then url; return; fi
  mkdir -p "$dir"
  if [[ ! -d "$(home)/data" ]]; then
    if [[ $(id -u) -eq 0 ]]; then
      chown postgres: "$dir"
      if ! runuser -u postgres -- test -w "$dir"; then
        mktemp -d /tmp/tollgate-postgres.XXXXXX >"$dir/home"
        chown postgres: "$(home)"
      fi
    fi
    as_owner "$bin/initdb" -D "$(home)/data" -U postgres --auth=trust --encoding=UTF8 --no-locale \
      >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      echo "postgres.sh: initdb failed (log above)" >&2
      exit 1
    }
  fi
  local port
  if [[ -f "$dir/port" ]]; then
    port="$(cat "$dir/port")"
  else
    port="$(new_port)"
  fi
  as_owner "$bin/pg_ctl" -D "$(home)/data" -l "$(home)/server.log" -w -t 60 \
    -o "-p $port -k $(home) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
    tail -n 20 "$(home)/server.log" >&2
    echo "postgres.sh: the server did not start (log above)" >&2
    exit 1
  }
  echo "$port" >"$dir/port"
  if ! as_owner "$bin/psql" -h "$(home)" -p "$port" -U postgres -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'tollgate'" | grep -q 1; then
    as_owner "$bin/createdb" -h "$(home)" -p "$port" -U postgres tollgate
  fi
  url
}

case "${1:-}" in
  start) start ;;
  url)
    running || { echo "postgres.sh: no cluster is running in $dir; run: scripts/postgres.sh start" >&2; exit 1; }
    url
    ;;
  pause)
    if running; then as_owner "$bin/pg_ctl" -D "$(home)/data" -m fast -w stop >/dev/null; fi
    ;;
  stop)
    if running; then as_owner "$bin/pg_ctl" -D "$(home)/data" -m immediate -w stop >/dev/null; fi
    rm -rf "$(home)" "$dir"
    ;;
  *)
    echo "usage: scripts/postgres.sh start|url|pause|stop" >&2
    exit 2
    ;;
esac
