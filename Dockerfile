# One container: web server and worker, started by scripts/start.ts.
# Run it with APP_ORIGIN, SIGNING_SECRET and DATABASE_URL set (production
# refuses to start without them); EMBEDDED_DATABASE_IN_PRODUCTION=true instead
# of DATABASE_URL keeps PostgreSQL inside the container, under /data.
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
RUN apt-get update \
	&& apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd \
		tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-tur \
		poppler-utils ca-certificates tini \
	&& rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM base AS deps
COPY package.json package-lock.json .npmrc ./
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/server ./server
COPY --from=build /app/db ./db
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/public ./public
COPY --from=build /app/tsconfig.json ./tsconfig.json
RUN useradd --create-home --uid 10001 carebook && mkdir -p /data && chown carebook:carebook /data
USER carebook
ENV PORT=3000 DATA_DIR=/data HOST=0.0.0.0
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
	CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# PID 1 is tini: it passes SIGTERM to the start script (its only child) and reaps
# orphans. The start script itself, not npm (which would stop at once and leave the
# rest to be killed), drains on SIGTERM: requests and jobs get SHUTDOWN_GRACE_SECONDS
# (20), then PostgreSQL stops cleanly. Give the container longer than that to stop:
# `docker stop -t 30` / `docker run --stop-timeout 30` (fly.toml: kill_timeout = 30).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "scripts/start.ts"]
