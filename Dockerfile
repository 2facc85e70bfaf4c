# Production image (docs/deployment.md): the built app served by server/main.ts against
# DATABASE_URL, one web process per core (WEB_CONCURRENCY to choose).
# Run the queue worker from the same image with the command `node --import tsx workers/main.ts`.
# CI cannot build images (no Docker engine on its machines): scripts/ci/dockerfile-dry-run.mjs
# runs these same steps in order in a clean copy, checks the result answers /readyz and stops
# cleanly on SIGTERM.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies them (postinstall: patch-package; docs/decisions/047-react-router-patch.md)
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# tini (Debian's package) as PID 1: it passes SIGTERM on to node and reaps what exits; node
# itself drains on SIGTERM (docs/deployment.md), within SHUTDOWN_TIMEOUT_MS (25 s): give the
# container a longer stop timeout than Docker's 10 s (`docker run --stop-timeout 30`,
# compose `stop_grace_period: 30s`; Kubernetes' default 30 s grace fits)
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# behind a TLS-terminating load balancer (one hop): Secure cookies, HSTS, the client's real IP.
# Needs DATABASE_URL and APP_SECRET (32+ characters); REDIS_URL and SMTP_URL as deployed; a real
# payment provider for every site (MOLLIE_API_KEY; the test provider is off: docs/payments.md).
# MALLOC_ARENA_MAX as `npm run start:prod` sets it (less memory per process).
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 PORT=3000 WORKER_IN_PROCESS=0 HTTPS=1 TRUST_PROXY=1
COPY --from=build /app /app
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
# node itself, not npm: the signal reaches the server (what `npm run start:prod` runs)
CMD ["node", "build/server/main.js", "--per-core"]
