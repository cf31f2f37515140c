#!/usr/bin/env bash
# Prepares a Debian machine without Docker for `npm run test:deploy` (run as root; .ci/run calls
# it): podman as the container engine serving a Docker API, docker-compose, the tools the test
# uses, and the base images the Dockerfile and compose files name — pulled where a registry is
# reachable, else built locally from Debian packages by the workplace's stand-in script.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pair in podman:podman runc:runc docker-compose:docker-compose openssl:openssl curl:curl \
  debootstrap:debootstrap promtool:prometheus chromium:chromium \
  chromium-headless-shell:chromium-headless-shell; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || need+=("${pair#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# podman's defaults meet two limits of machines like this one: crun cannot run on a hybrid cgroup
# hierarchy (v1 controllers beside a v2 mount) where runc can, and a container may not set a
# resource limit above what podman's own runtime process has (its open-files and process limits).
conf=/etc/containers/containers.conf
mkdir -p /etc/containers
touch "$conf"
if [ "$(stat -fc %T /sys/fs/cgroup)" != cgroup2fs ] && ! grep -qs '^runtime *=' "$conf"; then
  printf '[engine]\nruntime = "runc"\n' >> "$conf"
fi
if ! grep -qs 'nproc=' "$conf"; then
  files=$(ulimit -Hn)
  procs=$(ulimit -Hu)
  # podman runs the OCI runtime with at most 32768 processes: a higher container limit is refused.
  [ "$procs" = unlimited ] || [ "$procs" -gt 32768 ] && procs=32768
  sed -i '/^default_ulimits/d' "$conf"
  if grep -qs '^\[containers\]' "$conf"; then
    sed -i "/^\[containers\]/a default_ulimits = [\"nofile=$files:$files\", \"nproc=$procs:$procs\"]" "$conf"
  else
    printf '[containers]\ndefault_ulimits = ["nofile=%s:%s", "nproc=%s:%s"]\n' "$files" "$files" "$procs" "$procs" >> "$conf"
  fi
fi
# The base images: pulled when a registry answers, else the stand-ins built from Debian packages.
images=(docker.io/library/node:20-bookworm-slim docker.io/library/redis:7-alpine docker.io/library/nginx:1.28-alpine)
absent=()
for image in "${images[@]}"; do
  podman image exists "$image" || podman pull -q "$image" >/dev/null 2>&1 || absent+=("$image")
done
if [ ${#absent[@]} -gt 0 ]; then
  standins=${CONTAINER_BASE_IMAGES:-../shared/tools/container-base-images}
  if [ ! -x "$standins" ]; then
    echo "no registry answers for ${absent[*]} and no stand-in builder at $standins (CONTAINER_BASE_IMAGES)" >&2
    exit 1
  fi
  "$standins" >/dev/null
fi
# Prometheus (compose profile `monitoring`): pulled, else a stand-in from Debian's package with the
# official image's entrypoint, user and storage folder.
prometheus=docker.io/prom/prometheus:v2.55.1
if ! podman image exists "$prometheus" && ! podman pull -q "$prometheus" >/dev/null 2>&1; then
  work=$(mktemp -d)
  cat > "$work/Containerfile" <<'CF'
FROM localhost/debian:bookworm
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus wget >/dev/null \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /prometheus && chown nobody:nogroup /prometheus
USER nobody
WORKDIR /prometheus
ENTRYPOINT ["/usr/bin/prometheus"]
CMD ["--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/prometheus"]
CF
  podman build -q -t "$prometheus" "$work" >/dev/null
  rm -rf "$work"
fi
podman run --rm docker.io/library/node:20-bookworm-slim node --version >/dev/null
echo "podman $(podman --version | awk '{print $3}'), $(docker-compose version --short 2>/dev/null || docker-compose --version): ready"
