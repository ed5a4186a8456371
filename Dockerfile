# syntax=docker/dockerfile:1
# Sesxi's production image: build once, then run the server itself (not `npm start`, which
# builds again). Configuration comes from the environment: see the README's configuration
# table and its "Production" section.

# --- build: install everything, build the SPA, then drop the dev dependencies -------------
FROM node:24-trixie-slim AS build
WORKDIR /app
# The manifests first, so that the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the server's sources (Node 24 runs TypeScript), the SPA, the migrations ----
FROM node:24-trixie-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SERVICE_MODE=production
WORKDIR /app
# Owned by root and only readable by `node`: the process cannot change its own code.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract/package.json ./packages/contract/package.json
COPY --from=build /app/packages/contract/src ./packages/contract/src
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/src ./apps/server/src
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER node
# The public listener; 9464 is the Prometheus metrics listener (METRICS_PORT), never public.
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
