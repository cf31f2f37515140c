#!/bin/sh
# Waits until a compose service's container reports healthy (docs/OPERATIONS.md: upgrade, roll
# back, restore), five minutes at most. Run from the folder of docker-compose.yml:
#   deploy/wait-healthy.sh gateway-1
# COMPOSE_FILE (e.g. with deploy/docker-compose.sentinel.yml) is honoured as compose honours it.
set -eu
service=${1:?usage: deploy/wait-healthy.sh <service>}
tries=0
while :; do
  id=$(docker compose --profile reference-upstream ps -q "$service" | tail -n 1)
  status=$([ -n "$id" ] && docker inspect -f '{{.State.Health.Status}}' "$id" 2>/dev/null || echo absent)
  [ "$status" = healthy ] && exit 0
  tries=$((tries + 1))
  if [ "$tries" -ge 150 ]; then
    echo "$service is $status after 5 minutes: docker compose logs --tail 100 $service" >&2
    exit 1
  fi
  sleep 2
done
