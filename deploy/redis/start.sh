#!/bin/sh
# Starts a Redis server or Sentinel of the deployment behind passwords (docker-compose.yml and
# deploy/docker-compose.sentinel.yml mount it read-only): no connection is taken without one.
#
#   start.sh primary | replica <primary-host> | sentinel <announce-name> <primary-host> | backup
#
# The passwords are compose secrets, files only root reads (/run/secrets/redis-gateway-password,
# redis-internal-password, and for the Sentinels redis-sentinel-password). Redis's own configuration is written at every start into
# a private folder from them — ACL users with SHA-256 hashes of the passwords, never a password on
# a command line — then the server runs as the image's `redis` user. Users:
#   gateway   the gateways' commands on the gateways' keys and channels (REDIS_KEY_PREFIX
#             `credit-portal:`); nothing else
#   replica   replication only (a replica of the primary, and the RDB backups)
#   sentinel  what a Sentinel needs to watch and fail over
#   ops       the operator's diagnostics: ACL LOG, INFO, SLOWLOG, LATENCY (no data)
#   default   the administrator, with the internal password (never used by a service)
set -eu

role=${1:?usage: start.sh primary | replica <primary> | sentinel <name> <primary> | backup}
secrets=${REDIS_SECRETS_DIR:-/run/secrets}
conf=${REDIS_CONF_DIR:-/tmp/redis-conf}
prefix=${REDIS_KEY_PREFIX:-credit-portal:}

# The secret without its trailing line break, as the gateway reads it (NAME_FILE).
secret() { tr -d '\r\n' < "$secrets/$1"; }
hash() { secret "$1" | sha256sum | cut -d' ' -f1; }

[ -r "$secrets/redis-internal-password" ] || { echo "start.sh: $secrets/redis-internal-password is missing" >&2; exit 1; }
internal_hash=$(hash redis-internal-password)
umask 077
mkdir -p "$conf"

# The server runs as the image's `redis` user: the official image's entrypoint switches to it (and
# owns /data to it) for redis-server; on an image without that entrypoint (Debian's package) this does.
as_redis() {
  if [ "$(id -u)" = 0 ] && id redis >/dev/null 2>&1; then chown -R redis "$conf"; fi
  if command -v docker-entrypoint.sh >/dev/null 2>&1; then exec docker-entrypoint.sh "$@"; fi
  if [ "$(id -u)" = 0 ] && id redis >/dev/null 2>&1; then
    chown -R redis /data
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
  exec "$@"
}

write_acl() {
  [ -r "$secrets/redis-gateway-password" ] || { echo "start.sh: $secrets/redis-gateway-password is missing" >&2; exit 1; }
  {
    # The default user is the administrator, behind the internal password: no connection gets it
    # without AUTH, and Redis replays its append-only file as it (7.0 checks a replayed MULTI
    # against it: switched off, the transactions in the AOF would be refused at every restart).
    echo "user default on #$internal_hash ~* &* +@all"
    # Each command the gateway sends (packages/server: cache, purge channel, visit-log stream,
    # Sentinel-aware connection). A command missing here shows in `ACL LOG`; the deployment test
    # checks that log stays empty.
    echo "user gateway on #$(hash redis-gateway-password) resetkeys ~${prefix}* resetchannels &${prefix}* -@all" \
      '+ping +hello +info +client|setname +select' \
      '+get +set +del +unlink +exists +pexpire +expire +pttl +ttl +type +mget +scan +renamenx' \
      '+eval +evalsha +multi +exec +discard +watch +unwatch +wait' \
      '+publish +subscribe +unsubscribe +sadd +smembers +srem +zadd +zrange +zremrangebyscore' \
      '+xadd +xreadgroup +xread +xack +xautoclaim +xclaim +xdel +xtrim +xlen +xpending +xrange +xrevrange' \
      '+xgroup|create +xgroup|createconsumer +xgroup|delconsumer +xinfo|consumers +xinfo|groups +xinfo|stream'
    echo "user replica on #$internal_hash resetkeys resetchannels -@all +ping +psync +replconf +sync"
    # The operator's diagnostics (ACL LOG, INFO, SLOWLOG, LATENCY): reads nothing of the data.
    echo "user ops on #$internal_hash resetkeys resetchannels -@all +ping +info +acl|log +acl|whoami +slowlog|get +latency|latest +memory|stats +client|list +role"
    echo "user sentinel on #$internal_hash resetkeys resetchannels &__sentinel__:hello -@all" \
      '+ping +info +role +multi +exec +slaveof +replicaof +config|rewrite +client|setname +client|kill' \
      '+script|kill +publish +subscribe'
  } > "$conf/users.acl"
}

case $role in
  primary | replica)
    write_acl
    {
      echo "aclfile $conf/users.acl"
      echo 'dir /data'
      echo 'appendonly yes'
      echo 'appendfsync everysec'
      # Containers on the internal network connect: authentication, not the bind, keeps others out.
      echo 'bind * -::*'
      echo 'protected-mode no'
      # A replica authenticates to its primary; the primary carries the same lines so that it can
      # rejoin as a replica after a failover.
      echo 'masteruser replica'
      echo "masterauth $(secret redis-internal-password)"
      echo "replica-announce-ip ${REDIS_ANNOUNCE_HOST:?the name other containers reach this one by}"
      [ "$role" = replica ] && echo "replicaof ${2:?replica needs the primary host} 6379"
    } > "$conf/redis.conf"
    as_redis redis-server "$conf/redis.conf"
    ;;
  sentinel)
    name=${2:?sentinel needs its announce name}
    primary=${3:?sentinel needs the primary host}
    # Sentinel rewrites its file with what it learnt (the current primary after a failover, the
    # other Sentinels, the replicas), so it lives on the volume; the passwords are set anew each
    # start, so a changed secret takes effect on restart.
    file=/data/sentinel.conf
    if [ ! -f "$file" ]; then
      printf '%s\n' 'port 26379' 'sentinel resolve-hostnames yes' 'sentinel announce-hostnames yes' \
        "sentinel announce-ip $name" "sentinel monitor portal $primary 6379 2" \
        'sentinel down-after-milliseconds portal 5000' 'sentinel failover-timeout portal 60000' \
        'sentinel parallel-syncs portal 1' > "$file"
    fi
    grep -v -E '^(requirepass|user |sentinel (auth-user|auth-pass|sentinel-user|sentinel-pass) )' "$file" > "$conf/sentinel.conf" || true
    [ -r "$secrets/redis-sentinel-password" ] || { echo "start.sh: $secrets/redis-sentinel-password is missing" >&2; exit 1; }
    {
      # Clients (the gateways) and the other Sentinels authenticate with the Sentinels' own
      # password; the Sentinels reach Redis as its `sentinel` user.
      echo "requirepass $(secret redis-sentinel-password)"
      echo "sentinel sentinel-pass $(secret redis-sentinel-password)"
      echo 'sentinel auth-user portal sentinel'
      echo "sentinel auth-pass portal $(secret redis-internal-password)"
    } >> "$conf/sentinel.conf"
    cat "$conf/sentinel.conf" > "$file"
    chmod 600 "$file"
    as_redis redis-server "$file" --sentinel
    ;;
  backup)
    # The Redis RDB backups: a snapshot through replication (`redis-cli --rdb`) every
    # REDIS_BACKUP_INTERVAL_SECONDS (default a day, the first at start), kept REDIS_BACKUP_KEEP_DAYS.
    interval=${REDIS_BACKUP_INTERVAL_SECONDS:-86400}
    keep=${REDIS_BACKUP_KEEP_DAYS:-14}
    host=${REDIS_BACKUP_HOST:-redis}
    # The credit-service (uid 1000) writes its own sets beside these, on the same volume.
    mkdir -p /backup/redis /backup/credit-service
    chown 1000:1000 /backup/credit-service
    export REDISCLI_AUTH
    REDISCLI_AUTH=$(secret redis-internal-password)
    while :; do
      stamp=$(date -u +%Y%m%dT%H%M%SZ)
      if redis-cli -h "$host" --user replica --rdb "/backup/redis/.dump-$stamp.rdb" >/dev/null 2>/tmp/rdb.err; then
        mv "/backup/redis/.dump-$stamp.rdb" "/backup/redis/dump-$stamp.rdb"
        echo "{\"backup\":\"redis\",\"file\":\"dump-$stamp.rdb\",\"ok\":true}"
      else
        rm -f "/backup/redis/.dump-$stamp.rdb"
        echo "{\"backup\":\"redis\",\"ok\":false,\"error\":\"$(tr -d '"\n' < /tmp/rdb.err)\"}" >&2
      fi
      # The newest dump is always kept, however old.
      newest=$(ls -1 /backup/redis/dump-*.rdb 2>/dev/null | tail -n 1)
      find /backup/redis -name 'dump-*.rdb' -mtime "+$keep" ! -path "$newest" -delete
      sleep "$interval"
    done
    ;;
  *)
    echo "start.sh: unknown role $role (primary, replica, sentinel, backup)" >&2
    exit 2
    ;;
esac
