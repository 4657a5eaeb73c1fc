# agent-core: the runtime from its TypeScript source (compiled at start by launch.mjs into a
# cached build in /tmp, again whenever the source changes), the dashboard built in an earlier
# stage, UID 1000. Build from the repository root: docker compose does (context ..).

# The base image; the stack's end-to-end test builds from a locally made Debian image instead.
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/core/package.json packages/core/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/broker/package.json packages/broker/
COPY packages/messaging/package.json packages/messaging/
RUN npm ci --no-audit --no-fund -w @agent-runtime/dashboard -w @agent-runtime/core
COPY packages/core packages/core
COPY packages/dashboard packages/dashboard
RUN npm run build -w @agent-runtime/dashboard

FROM ${NODE_IMAGE} AS deps
WORKDIR /build
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/broker/package.json packages/broker/
COPY packages/messaging/package.json packages/messaging/
RUN npm ci --no-audit --no-fund --omit=dev -w @agent-runtime/core

FROM ${NODE_IMAGE}
# bubblewrap isolates the shell and Python skills; python3 runs python_exec and checks Python
# patches; Chromium is the browser skill's.
RUN apt-get update \
  && apt-get install -y --no-install-recommends bubblewrap python3 chromium ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /build/node_modules ./node_modules
COPY packages/core/package.json packages/core/launch.mjs ./
# The pristine source; the entrypoint copies it to /app/src (a tmpfs) at every start.
COPY packages/core/src ./src.image
COPY --from=build /build/packages/dashboard/dist ./dashboard
COPY deploy/core-entrypoint.sh deploy/healthcheck.mjs ./deploy/
RUN mkdir -p /app/src /data && chown 1000:1000 /app/src /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data APP_SRC_DIR=/app/src \
  CODE_CACHE_DIR=/tmp/agent-core-build \
  DASHBOARD_DIR=/app/dashboard CHROMIUM_PATH=/usr/bin/chromium
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD ["node", "deploy/healthcheck.mjs"]
ENTRYPOINT ["/app/deploy/core-entrypoint.sh"]
