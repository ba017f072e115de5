#!/usr/bin/env bash
# Three `koma serve` instances on one PostgreSQL behind HAProxy (deploy/haproxy.cfg), for a
# demonstration, a benchmark or a test; everything stops when the script ends.
#
#   deploy/cluster.sh [OPTIONS] [COMMAND [ARGS...]]
#
# Starts a throwaway PostgreSQL (deploy/postgres.sh, in a temporary directory on a free
# port) unless $KOMA_PG_URL names a database, then the instances ($KOMA_BIN, default
# target/release/koma; `--behind-proxy --no-rate-limits`, plus the words of
# $KOMA_SERVE_ARGS), then HAProxy. It prints on stdout, one line each:
#   postgres URL
#   koma1 HOST:PORT pid PID        (koma2, koma3 likewise)
#   front HOST:PORT
#   ready
# With a COMMAND it runs it (with KOMA_FRONT and KOMA_PG_URL in its environment) and exits
# with its status; the word `load` stands for the load benchmark against the front:
# $KOMA_LOAD (default target/release/examples/load) --addr FRONT, then ARGS. Without one
# it waits until its standard input closes (Ctrl-D) or it is interrupted, and takes each
# line of it as an event to make at once: `kill N`, `start N` or `pg-restart`, answered
# on stdout (`killed`, `started PID`, `restarted`) once done. The events of the options
# below count from the command's start (or from `ready`). Every event is logged on stderr
# with the time it happened.
#
# Options:
#   --front HOST:PORT   where HAProxy listens (default 127.0.0.1:8080; `free`: a free port)
#   --ports A,B,C       the instances' ports on 127.0.0.1 (default 18081,18082,18083;
#                       `free`: free ports)
#   --kill N@T          kill -9 instance N (1 to 3) T seconds in
#   --revive S          start the killed instance again S seconds after the kill
#   --pg-restart T      restart PostgreSQL T seconds in (a fast shutdown, then a start on
#                       the same files and port; not with $KOMA_PG_URL)
#   --logs DIR          keep the instances' and HAProxy's logs in DIR (default: a
#                       temporary directory, removed at the end)
#   --maxconn N         HAProxy's connection limit (default 9000; see deploy/haproxy.cfg)
#   --balancers N       N HAProxy processes on the one front address (default 1): the
#                       kernel spreads the connections over them (SO_REUSEPORT), each with
#                       its own file limit, for more connections than one may hold
#
# Example: 1,000 games through the balancer, koma2 killed 10 s in and back 5 s later,
# PostgreSQL restarted 30 s in:
#   cargo build --release -p koma && cargo build --release -p koma-server --example load
#   deploy/cluster.sh --kill 2@10 --revive 5 --pg-restart 30 \
#     load --games 1000 --moves 40 --think-ms 500 --reconnect-s 30
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${KOMA_BIN:-$root/target/release/koma}"
load="${KOMA_LOAD:-$root/target/release/examples/load}"
front="127.0.0.1:8080"
ports="18081,18082,18083"
kill_spec=""
revive=""
pg_restart=""
logs=""
maxconn=9000
balancers=1

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
say() { echo "$*"; }
# An event, on stderr, with the wall clock and the seconds since the start.
event() {
  local ms=$((($(date +%s%N) - t0) / 1000000))
  printf 'cluster: %s (+%d.%03d s) %s\n' "$(date -u +%H:%M:%S.%3N)" $((ms / 1000)) \
    $((ms % 1000)) "$*" >&2
}
die() {
  echo "cluster: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --front) front="$2"; shift 2 ;;
    --ports) ports="$2"; shift 2 ;;
    --kill) kill_spec="$2"; shift 2 ;;
    --revive) revive="$2"; shift 2 ;;
    --pg-restart) pg_restart="$2"; shift 2 ;;
    --logs) logs="$2"; shift 2 ;;
    --maxconn) maxconn="$2"; shift 2 ;;
    --balancers) balancers="$2"; shift 2 ;;
    -h | --help) usage ;;
    --) shift; break ;;
    -*) echo "cluster: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
if [ -n "$kill_spec" ] && ! [[ "$kill_spec" =~ ^[123]@[0-9]+(\.[0-9]+)?$ ]]; then
  die "--kill wants N@SECONDS with N from 1 to 3, not $kill_spec"
fi
[[ "$balancers" =~ ^[1-9][0-9]?$ ]] || die "--balancers wants a number from 1 to 99, not $balancers"
for v in "$revive" "$pg_restart"; do
  if [ -n "$v" ] && ! [[ "$v" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then die "not a number of seconds: $v"; fi
done
[ -x "$bin" ] || die "no koma binary at $bin: cargo build --release -p koma (or set KOMA_BIN)"
command -v haproxy >/dev/null || die "no haproxy: apt-get install haproxy"
if [ -n "$pg_restart" ] && [ -n "${KOMA_PG_URL:-}" ]; then
  die "--pg-restart restarts the PostgreSQL this script starts, not \$KOMA_PG_URL's"
fi

run=$(mktemp -d "${TMPDIR:-/tmp}/koma-cluster.XXXXXX")
if [ -z "$logs" ]; then logs="$run"; else mkdir -p "$logs"; fi
pg_runner=""
children=()
cleanup() {
  local pid
  for f in "$run"/*.pid; do
    [ -e "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  for pid in "${children[@]}"; do kill "$pid" 2>/dev/null || true; done
  # Closing PostgreSQL's pipe stops it and removes its files.
  exec 4>&- 2>/dev/null || true
  if [ -n "$pg_runner" ]; then wait "$pg_runner" 2>/dev/null || true; fi
  rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
# Every socket of a big run is a file descriptor, here and in the load command.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
t0=$(date +%s%N)

# Whether something listens on HOST:PORT.
listening() { (exec 5<>"/dev/tcp/${1%:*}/${1##*:}") 2>/dev/null; }
# A port of 127.0.0.1 that nobody listens on now, below the range the kernel picks the
# ports of outgoing connections from (32768 up on Linux), which may be taken unseen.
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 12000))
    listening "127.0.0.1:$p" || { echo "$p"; return; }
  done
}
# Waits up to 30 s for `$1` (a command) to succeed; `$2` says what is awaited.
await() {
  local tries=0
  until eval "$1"; do
    tries=$((tries + 1))
    [ "$tries" -lt 300 ] || die "$2 did not come in 30 s"
    sleep 0.1
  done
}
# The status code of GET $2 at HOST:PORT $1 (nothing if no answer).
http_status() {
  (
    exec 5<>"/dev/tcp/${1%:*}/${1##*:}" || exit 0
    printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$2" "$1" >&5
    read -r -t 5 _ code _ <&5 && echo "$code"
  ) 2>/dev/null || true
}

# PostgreSQL.
if [ -n "${KOMA_PG_URL:-}" ]; then
  pg_url="$KOMA_PG_URL"
else
  pg_port=$(free_port)
  mkfifo "$run/pg.in" "$run/pg.out"
  runner=(sh -c "$(cat "$root/deploy/postgres.sh")" postgres.sh "$pg_port")
  if [ "$(id -u)" -eq 0 ]; then runner=(runuser -u postgres -- "${runner[@]}"); fi
  "${runner[@]}" <"$run/pg.in" >"$run/pg.out" &
  pg_runner=$!
  exec 4>"$run/pg.in"
  exec 6<"$run/pg.out"
  read -r line <&6 || line=""
  [ "$line" = ready ] || die "PostgreSQL did not start"
  # The script's shell is the one to signal: under runuser, its child.
  pg_script=$pg_runner
  if [ "$(id -u)" -eq 0 ]; then pg_script=$(pgrep -P "$pg_runner"); fi
  pg_url="postgres://koma@127.0.0.1:$pg_port/postgres"
fi
say "postgres $pg_url"

# The instances.
if [ "$ports" = free ]; then ports="$(free_port),$(free_port),$(free_port)"; fi
IFS=, read -r -a port <<<"$ports"
[ "${#port[@]}" -eq 3 ] || die "--ports wants three ports, not $ports"
# Starts instance $1 (1 to 3) and waits until it listens.
start_instance() {
  local n=$1 addr="127.0.0.1:${port[$1 - 1]}"
  # shellcheck disable=SC2086 # KOMA_SERVE_ARGS is a list of words
  "$bin" serve --addr "$addr" --db "$pg_url" --behind-proxy --no-rate-limits \
    ${KOMA_SERVE_ARGS:-} >>"$logs/koma$n.log" 2>&1 &
  echo $! >"$run/koma$n.pid"
  # Its end (a kill) is logged by `event`, not reported by the shell.
  disown $!
  await "listening $addr" "koma$n on $addr"
}
for n in 1 2 3; do
  start_instance "$n"
  say "koma$n 127.0.0.1:${port[$n - 1]} pid $(cat "$run/koma$n.pid")"
done

# HAProxy, in the foreground of its own process (-db), once every instance answers. It
# wants two file descriptors a connection and refuses to start if it may not have them:
# a user other than root (who raises the limit) gets the connections his limit allows.
if [ "$front" = free ]; then front="127.0.0.1:$(free_port)"; fi
fds=$(ulimit -Hn)
if [ "$(id -u)" -ne 0 ] && [ "$fds" != unlimited ] && [ $((2 * maxconn + 100)) -gt "$fds" ]; then
  maxconn=$(((fds - 100) / 2))
  echo "cluster: HAProxy's maxconn lowered to $maxconn (ulimit -Hn is $fds)" >&2
fi
for ((b = 1; b <= balancers; b++)); do
  KOMA_FRONT="$front" KOMA1="127.0.0.1:${port[0]}" KOMA2="127.0.0.1:${port[1]}" \
    KOMA3="127.0.0.1:${port[2]}" KOMA_MAXCONN="$maxconn" \
    haproxy -db -f "$root/deploy/haproxy.cfg" >>"$logs/haproxy$b.log" 2>&1 &
  children+=($!)
done
await '[ "$(http_status "$front" /api/session)" = 200 ]' "HAProxy on $front"
say "front $front"
export KOMA_FRONT="$front" KOMA_PG_URL="$pg_url"

# The events, each in a background job of its own, counted from now.
# The events: kill -9 instance $1; start instance $1 again; restart PostgreSQL.
kill_instance() {
  local pid
  pid=$(cat "$run/koma$1.pid")
  kill -9 "$pid"
  event "kill -9 koma$1 (pid $pid)"
}
revive_instance() {
  start_instance "$1"
  event "koma$1 started again (pid $(cat "$run/koma$1.pid"))"
}
restart_postgres() {
  [ -n "${pg_script:-}" ] || die "PostgreSQL is \$KOMA_PG_URL's, not this script's"
  event "PostgreSQL restarting"
  kill -USR1 "$pg_script"
  read -r line <&6 || line=""
  [ "$line" = restarted ] || die "PostgreSQL did not come back"
  event "PostgreSQL accepts connections again"
}

# The scheduled events, each in a background job of its own, counted from now.
t0=$(date +%s%N)
if [ -n "$kill_spec" ]; then
  (
    n=${kill_spec%@*}
    sleep "${kill_spec#*@}"
    kill_instance "$n"
    if [ -n "$revive" ]; then
      sleep "$revive"
      revive_instance "$n"
    fi
  ) &
  children+=($!)
fi
if [ -n "$pg_restart" ]; then
  (
    sleep "$pg_restart"
    restart_postgres
  ) &
  children+=($!)
fi
say ready
event "ready (logs in $logs)"

if [ $# -eq 0 ]; then
  # Until standard input closes, or a signal. Meanwhile each line of it is an event to
  # make now, answered on stdout once done: `kill N` (killed), `start N` (started PID),
  # `pg-restart` (restarted).
  while read -r word n; do
    case "$word $n" in
      "kill "[123]) kill_instance "$n" && say killed ;;
      "start "[123]) revive_instance "$n" && say "started $(cat "$run/koma$n.pid")" ;;
      "pg-restart ") restart_postgres && say restarted ;;
      *) echo "cluster: not an event: $word $n (kill N, start N, pg-restart)" >&2 ;;
    esac
  done
  exit 0
fi
if [ "$1" = load ]; then
  shift
  set -- "$load" --addr "$front" "$@"
fi
status=0
"$@" &
wait $! || status=$?
event "the command ended (status $status)"
exit "$status"
