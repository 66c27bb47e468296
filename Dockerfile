# docsite: documentation served at request time from a git repository.
#
#   docker build -t docsite .
#   docker run -p 3000:3000 -v docsite-data:/data docsite     # serves the embedded content/
#
# The base image is a build argument so that scripts/container-check.sh can build this same file on
# a machine that cannot pull images, with a locally made Debian + Node base in its place.
ARG BASE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the Remix app and the server bundle -------------------------
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false
# The lockfile alone first, so that the install layer is reused until dependencies change.
COPY package.json package-lock.json ./
# --include=dev: the build needs the dev dependencies even if a base image sets NODE_ENV=production
# (NODE_ENV itself stays unset here: Vite would build React in development mode under it).
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# Build, then drop the dev dependencies in place: the runtime stage copies a pruned node_modules
# instead of downloading the production dependencies a second time. Optional packages stay (esbuild's
# binary for this platform is one: the sandbox transpiles a site's TypeScript with it, decision 034),
# except TypeScript itself, an optional peer of Remix for types only (23 MB). The container check
# fails if the server then cannot start or cannot run a site's code.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/.cache node_modules/typescript

# ---- runtime: node, production dependencies, the build and the embedded content --------------
FROM ${BASE_IMAGE} AS runtime

ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="docsite" \
      org.opencontainers.image.description="Developer documentation served at request time straight from a git repository, at any branch, tag or version." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.licenses="UNLICENSED" \
      org.opencontainers.image.documentation="README.md#self-hosting"

# A fixed numeric user (not the base image's `node`), so that the same file works on any Debian
# base and orchestrators can check runAsNonRoot; /data is created here so the volume inherits
# its owner when Docker or Podman first populates a named volume.
RUN groupadd --system --gid 10001 docsite \
 && useradd --system --uid 10001 --gid docsite --home-dir /app --no-create-home --shell /usr/sbin/nologin docsite \
 && mkdir -p /data \
 && chown docsite:docsite /data

WORKDIR /app
# Read-only for the server's user: only DATA_DIR is written at run time.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/content ./content
COPY --from=build /app/bin/start.sh ./bin/start.sh

# git is not needed: clones, fetches and reads go through isomorphic-git.
# MEMORY_MB: set it to the container's memory limit; the heap and caches are sized from it.
ENV NODE_ENV=production \
    MEMORY_MB=768 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CONTENT_DIR=/app/content

VOLUME ["/data"]
EXPOSE 3000
USER 10001:10001

# Ready means the content repository is open and a commit is served (the server listens only
# then). No curl in slim images: node's own fetch does it. The start period covers a first clone
# of a large repository (GIT_TIMEOUT_MS defaults to 120 s).
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The server drains in-flight requests on SIGTERM and exits 0 (at most 10 s later). start.sh
# sizes node's heap from MEMORY_MB, passes the signals on to node, and starts node again if it dies.
STOPSIGNAL SIGTERM
ENTRYPOINT ["sh", "bin/start.sh"]
