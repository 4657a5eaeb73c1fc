# agent-messaging: the Telegram bridge, compiled in a build stage, UID 1000, no port.
# The base image; the stack's end-to-end test builds from a locally made Debian image instead.
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/core/package.json packages/core/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/broker/package.json packages/broker/
COPY packages/messaging/package.json packages/messaging/
RUN npm ci --no-audit --no-fund --ignore-scripts -w @agent-runtime/messaging --include-workspace-root
COPY packages/messaging packages/messaging
RUN npx tsc -p packages/messaging/tsconfig.build.json

FROM ${NODE_IMAGE} AS deps
WORKDIR /build
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/broker/package.json packages/broker/
COPY packages/messaging/package.json packages/messaging/
RUN npm ci --no-audit --no-fund --ignore-scripts --omit=dev -w @agent-runtime/messaging

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=deps /build/node_modules ./node_modules
COPY packages/messaging/package.json ./package.json
COPY --from=build /build/packages/messaging/dist ./dist
ENV NODE_ENV=production MESSAGING_HEARTBEAT_FILE=/tmp/agent-messaging.heartbeat
USER 1000:1000
HEALTHCHECK --interval=60s --timeout=5s CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/main.js"]
