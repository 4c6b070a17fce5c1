# The platform's image: one image for every role (PLATFORM_ROLE=all|api|worker), built in three stages so the image
# holds the build and the production dependencies only, no compiler or test tools.
#   docker build -t platform .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e REDIS_URL=… platform
# docker-compose.yml runs an api and a worker beside Postgres and Redis.

# Every dependency, to build dist/ (TypeScript, esbuild for GraphiQL's bundle).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --loglevel=warn
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
COPY migrations ./migrations
COPY bench ./bench
RUN npm run build

# Production dependencies only; their install scripts fetch the linux binaries (sharp's libvips, embedded Postgres).
FROM node:22-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=warn && npm cache clean --force

FROM node:22-bookworm-slim
WORKDIR /app
# MALLOC_ARENA_MAX: as `npm start` runs it (apps/api/heap-policy.ts, PROCESS_ENV).
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data \
    MALLOC_ARENA_MAX=2
# DATA_DIR belongs to the non-root user: stored files (DATA_DIR/files, a volume the api and workers share) and, with
# no DATABASE_URL, the embedded Postgres.
RUN mkdir -p /app/.data/files && chown -R node:node /app/.data
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# Ready: Postgres, Redis when configured, migrations applied and not stopping. The image has no curl: Node's fetch.
# A worker (PLATFORM_ROLE=worker) serves no HTTP: its container runs without this check (compose disables it).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start` without its build step: dist/ is built, and the main reads PLATFORM_ROLE to be the api, a worker or both.
CMD ["node", "--max-semi-space-size=8", "dist/apps/api/main.js"]
