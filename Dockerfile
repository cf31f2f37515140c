# syntax=docker/dockerfile:1
# One image for the gateway and the credit-service; the command chooses which runs:
#   node packages/server/dist/server.js          (the default: the gateway)
#   node packages/credit-service/dist/server.js  (the reference upstream)
#   node packages/server/dist/visit-log-replay.js (the dead-letter replay, docs/OPERATIONS.md)
#   node packages/credit-service/dist/backup/cli.js (backups and their restore, docs/OPERATIONS.md)
# Stages: deps (install from the lockfile) → build (tsc, vite) → prod-deps (production
# dependencies of the two services only) → runtime (non-root, no compiler, HEALTHCHECK). It runs
# on a read-only root filesystem: it writes only to /data, /backup and /tmp.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary cannot be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Manifests first: this layer is rebuilt only when a manifest or the lockfile changes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY scripts/pnpm.mjs scripts/pnpm.mjs
COPY packages/shared/package.json packages/shared/
COPY packages/node-common/package.json packages/node-common/
COPY packages/server/package.json packages/server/
COPY packages/credit-service/package.json packages/credit-service/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN node scripts/pnpm.mjs install --frozen-lockfile

FROM deps AS build
COPY . .
# The build `npm start` runs (scripts/lib/product.mjs): each binary from its own package's
# node_modules/.bin, as pnpm lays them out.
RUN node scripts/build.mjs

FROM deps AS prod-deps
# Production dependencies of the two services (and the shared and node-common packages) only: no dev tools, no
# SPA sources. The credit-service's keep the CJK font its PDFs embed
# (@expo-google-fonts/noto-sans-sc), so the image needs no system font.
# Of the font package's nine weights (10 MB each) the PDFs use two (packages/credit-service/src/pdf/fonts.ts).
RUN rm -rf node_modules packages/*/node_modules e2e/node_modules \
  && node scripts/pnpm.mjs install --frozen-lockfile --prod \
    --filter @credit-portal/server... --filter @credit-portal/credit-service... \
  && find node_modules/.pnpm/@expo-google-fonts+noto-sans-sc@*/node_modules/@expo-google-fonts/noto-sans-sc \
    -mindepth 1 -maxdepth 1 -type d ! -name 400Regular ! -name 700Bold -exec rm -rf {} +

FROM ${NODE_IMAGE} AS runtime
# RUN_AS_USER: a container started as root (docker-compose.yml does, to read its secrets) drops to
# this user before it does anything else; started as `node` (the default USER) it stays so.
ENV NODE_ENV=production \
  GATEWAY_HOST=0.0.0.0 \
  CREDIT_SERVICE_HOST=0.0.0.0 \
  DATA_DIR=/data \
  RUN_AS_USER=node
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/packages/shared/node_modules ./packages/shared/node_modules
COPY --from=prod-deps /app/packages/node-common/node_modules ./packages/node-common/node_modules
COPY --from=prod-deps /app/packages/server/node_modules ./packages/server/node_modules
COPY --from=prod-deps /app/packages/credit-service/node_modules ./packages/credit-service/node_modules
COPY --from=build /app/packages/shared/package.json /app/packages/shared/
COPY --from=build /app/packages/shared/dist ./packages/shared/dist
COPY --from=build /app/packages/node-common/package.json /app/packages/node-common/
COPY --from=build /app/packages/node-common/dist ./packages/node-common/dist
COPY --from=build /app/packages/server/package.json /app/packages/server/
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/credit-service/package.json /app/packages/credit-service/
COPY --from=build /app/packages/credit-service/dist ./packages/credit-service/dist
COPY --from=build /app/packages/web/dist ./packages/web/dist
COPY scripts/healthcheck.mjs ./scripts/healthcheck.mjs
# The volumes' mount points, owned by the service user (a new volume takes this ownership).
RUN mkdir -p /data /backup && chown node:node /data /backup
USER node
# Public gateway port, the credit-service's, and the admin ports (/metrics, /readyz: keep them internal).
EXPOSE 8080 8090 9464 9465
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "packages/server/dist/server.js"]
