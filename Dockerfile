# One image for the gateway and the credit-service (the command chooses which runs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN node scripts/pnpm.mjs install --frozen-lockfile \
  && node_modules/.bin/tsc -b packages/shared packages/credit-service packages/server \
  && (cd packages/web && ../../node_modules/.bin/vite build) \
  && node scripts/pnpm.mjs install --frozen-lockfile --prod

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080 8090
CMD ["node", "packages/server/dist/server.js"]
