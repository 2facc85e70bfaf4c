# Production image (docs/deployment.md): the built app served by server/main.ts against
# DATABASE_URL, one web process per core (`npm run start:prod`; WEB_CONCURRENCY to choose).
# Run the queue worker from the same image with `npm run worker`.
# CI cannot build images (no Docker engine on its machines): scripts/ci/dockerfile-dry-run.mjs
# runs these same steps in order in a clean copy and checks the result answers /healthz.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies them (postinstall: patch-package; docs/decisions/047-react-router-patch.md)
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# behind a TLS-terminating load balancer (one hop): Secure cookies, HSTS, the client's real IP.
# Needs DATABASE_URL and APP_SECRET (32+ characters); REDIS_URL and SMTP_URL as deployed; a real
# payment provider for every site (MOLLIE_API_KEY; the test provider is off: docs/payments.md).
ENV NODE_ENV=production PORT=3000 WORKER_IN_PROCESS=0 HTTPS=1 TRUST_PROXY=1
COPY --from=build /app /app
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "start:prod"]
