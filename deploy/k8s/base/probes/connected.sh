#!/bin/sh
# Probe of the VeoLearn apps that listen on no port: `connected.sh nats` (the services, which take
# their requests over NATS) or `connected.sh redis` (the queue workers, which take their jobs from
# the queue's Redis). Succeeds while this container holds an ESTABLISHED TCP connection to that
# port, read from /proc/net/tcp and tcp6 (the pod's own sockets): sh and grep only, nothing spawned
# that costs memory. The port comes from NATS_URL, or QUEUE_REDIS_URL else REDIS_URL.
set -u
case "${1:-}" in
  nats) url="${NATS_URL:-nats://127.0.0.1:4222}"; port=4222 ;;
  redis) url="${QUEUE_REDIS_URL:-}"; url="${url:-${REDIS_URL:-redis://127.0.0.1:6379}}"; port=6379 ;;
  *) echo "usage: connected.sh nats|redis" >&2; exit 2 ;;
esac
hostport="${url%%,*}"            # the first server of a list
hostport="${hostport#*://}"      # no scheme
hostport="${hostport##*@}"       # no credentials
hostport="${hostport%%/*}"       # no path
hostport="${hostport%%\?*}"      # no query
case "${hostport##*:}" in
  ''|*[!0-9]*) ;;                # no port in the URL: the default
  *) port="${hostport##*:}" ;;
esac
hex=$(printf '%04X' "$port")
# Fields: sl, local address:port, remote address:port, state (01 = ESTABLISHED).
if grep -Eq "^ *[0-9]+: [0-9A-F]+:[0-9A-F]{4} [0-9A-F]+:${hex} 01 " /proc/net/tcp /proc/net/tcp6 2>/dev/null; then
  exit 0
fi
echo "no established connection to $1 (port $port)" >&2
exit 1
