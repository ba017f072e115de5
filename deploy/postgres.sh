# A throwaway PostgreSQL (Debian's postgresql package) on 127.0.0.1, for the tests
# (apps/koma-server/tests/server/postgres.rs) and deploy/cluster.sh; run it as the
# `postgres` user when root (initdb refuses root). $1: the port.
# Prints `ready` once it accepts connections, then waits for its standard input to close
# (the test or the cluster ended, however it ended) and stops the server and removes its
# files. SIGUSR1 restarts the server meanwhile (a fast shutdown, then a start on the same
# files and port) and prints `restarted` once it accepts connections again.
set -eu
port="$1"
bin=""
for d in /usr/lib/postgresql/*/bin; do
  if [ -x "$d/postgres" ]; then bin="$d"; fi
done
if [ -z "$bin" ] && command -v postgres >/dev/null 2>&1; then
  bin=$(dirname "$(command -v postgres)")
fi
if [ -z "$bin" ]; then
  echo "no PostgreSQL server found: install Debian's postgresql package (scripts/test does)" >&2
  exit 1
fi
# In $TMPDIR if the server's user may write there, else in /tmp.
dir=$(mktemp -d "${TMPDIR:-/tmp}/koma-pg.XXXXXX" 2>/dev/null || mktemp -d /tmp/koma-pg.XXXXXX)
pid=""
reader=""
cleanup() {
  if [ -n "$reader" ]; then kill "$reader" 2>/dev/null || true; fi
  if [ -n "$pid" ]; then
    kill -QUIT "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
if ! "$bin/initdb" -D "$dir/data" -U koma --auth=trust --no-sync -E UTF8 --locale=C \
  >"$dir/initdb.log" 2>&1; then
  echo "initdb failed:" >&2
  cat "$dir/initdb.log" >&2
  exit 1
fi

# Starts the server and waits until it accepts connections.
start() {
  # Durability is not tested here: no fsync, so that creating a database per test is quick.
  "$bin/postgres" -D "$dir/data" -c listen_addresses=127.0.0.1 -c port="$port" \
    -c unix_socket_directories="$dir" -c fsync=off -c synchronous_commit=off \
    -c full_page_writes=off -c max_connections=300 </dev/null >>"$dir/server.log" 2>&1 &
  pid=$!
  tries=0
  until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "postgres exited:" >&2
      cat "$dir/server.log" >&2
      pid=""
      exit 1
    fi
    tries=$((tries + 1))
    if [ "$tries" -ge 300 ]; then
      echo "postgres did not accept connections in 30 s:" >&2
      cat "$dir/server.log" >&2
      exit 1
    fi
    sleep 0.1
  done
}

# A fast shutdown (the clients are cut, what was committed stays), then a start.
restart() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
  start
  echo restarted
}

start
echo ready
trap restart USR1
# Standard input read in the background (from a copy of it: a background job's own
# standard input is /dev/null), so that a signal interrupts the wait.
exec 3<&0
cat <&3 >/dev/null &
reader=$!
while kill -0 "$reader" 2>/dev/null; do
  wait "$reader" || true
done
reader=""
