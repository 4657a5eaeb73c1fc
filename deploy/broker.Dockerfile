# agent-broker: compiled to plain JavaScript in a build stage; the image holds Node and the
# broker's own files, no package at all. It runs as root (SPEC) to use the engine socket.
# The base image; the stack's end-to-end test builds from a locally made Debian image instead.
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/core/package.json packages/core/
COPY packages/dashboard/package.json packages/dashboard/
COPY packages/broker/package.json packages/broker/
COPY packages/messaging/package.json packages/messaging/
RUN npm ci --no-audit --no-fund --ignore-scripts -w @agent-runtime/broker --include-workspace-root
COPY packages/broker packages/broker
RUN npx tsc -p packages/broker/tsconfig.build.json

FROM ${NODE_IMAGE}
WORKDIR /app
COPY packages/broker/package.json ./package.json
COPY --from=build /build/packages/broker/dist ./dist
ENV NODE_ENV=production BROKER_HOST=0.0.0.0 BROKER_PORT=2375
USER 0:0
EXPOSE 2375
HEALTHCHECK --interval=30s --timeout=5s CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/main.js"]
