#!/usr/bin/env bash
# The container check: builds ./Dockerfile and runs the image as an operator would, on a machine
# with no Docker engine and no registry images (CI here).
#
#   1. Debian's buildah, with the vfs storage driver and chroot isolation (no daemon, no overlay,
#      no runc needed), in a storage root of its own under $CACHE_DIR.
#   2. A local stand-in for node:20-bookworm-slim: Debian bookworm minbase from debootstrap plus
#      THIS machine's node and npm, imported into buildah and cached by node version, so warm runs
#      skip it.
#   3. The same Dockerfile, built with --build-arg BASE_IMAGE=<that image> (npm ci, npm run build,
#      npm prune inside the build, over the npm registry).
#   4. The image inspected (user, port, volume, healthcheck, stop signal, labels, no git, no dev
#      dependencies), then started with its own entrypoint, user, env and workdir; /readyz waited
#      for, a page fetched, the image's HEALTHCHECK command run, SIGTERM sent, exit status 0 required.
#   5. Prints the image size, start-to-ready time and resident memory after start.
#
# Usage: scripts/container-check.sh   (root; npm run test:container)
#   DOCSITE_CONTAINER_CACHE   cache folder (default /var/cache/docsite-container-check)
#   CHECK_CORPUS=DIR          also time start-to-ready on DIR (a content folder) made into a git repo
#   KEEP_IMAGE=1              keep the built image (localhost/docsite:check) after a passing run too
set -euo pipefail

cd "$(dirname "$0")/.."
REPO_DIR=$(pwd)

say() { printf '[container-check] %s\n' "$*" >&2; }
fail() { printf '[container-check] FAIL: %s\n' "$*" >&2; exit 1; }
now_ms() { date +%s%3N; }

[ "$(id -u)" = 0 ] || fail "run as root: buildah with vfs storage and chroot isolation needs it"
[ -d content ] || fail "content/ is missing: the image embeds it as the default site"
[ -z "${CHECK_CORPUS:-}" ] || [ -d "$CHECK_CORPUS" ] || fail "CHECK_CORPUS=$CHECK_CORPUS is not a folder"
T0=$(now_ms)

CACHE_DIR=${DOCSITE_CONTAINER_CACHE:-/var/cache/docsite-container-check}
# Bump when the recipe of the base image below changes, so cached bases are rebuilt.
BASE_RECIPE=1
IMAGE=localhost/docsite:check
mkdir -p "$CACHE_DIR"
# One check at a time per cache: a second one waits (it would remove the first one's containers).
exec 9> "$CACHE_DIR/lock"
flock 9

# ---- tools ---------------------------------------------------------------------------------------
need=()
command -v buildah >/dev/null || need+=(buildah)
command -v debootstrap >/dev/null || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]} from Debian"
  apt-get update -qq
  # No recommends: chroot isolation needs no OCI runtime, network plugins or fuse.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# Our own storage root: the check never touches another user's images or containers, and the
# cache survives between runs. vfs because overlay mounts are not available in every sandbox.
BUILDAH=(buildah --root "$CACHE_DIR/storage" --runroot /run/docsite-container-check --storage-driver vfs)
export BUILDAH_ISOLATION=chroot

WORK=$(mktemp -d /tmp/docsite-container-check.XXXXXX)
RUN_CTR=""
SERVER_PID=""
GIT_HTTP_PID=""
# descendants PID: every process below PID, children first listed before theirs.
descendants() {
  local child
  for child in $(pgrep -P "$1"); do echo "$child"; descendants "$child"; done
}
cleanup() {
  local status=$?
  set +e
  [ -n "$GIT_HTTP_PID" ] && kill "$GIT_HTTP_PID" 2>/dev/null
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # The processes inside the container too: killing buildah leaves them running (the
    # entrypoint would even start node again), holding the port and the lock.
    kill -KILL "$SERVER_PID" $(descendants "$SERVER_PID") 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
  # Working containers (ours and any a failed build left behind) and their mounts.
  "${BUILDAH[@]}" rm --all >/dev/null 2>&1
  # A failed run keeps its image for a look (the next run replaces it); a passing one frees the disk.
  if [ "$status" -eq 0 ] && [ "${KEEP_IMAGE:-0}" != 1 ]; then
    "${BUILDAH[@]}" rmi "$IMAGE" >/dev/null 2>&1
  fi
  rm -rf "$WORK"
  if [ "$status" -ne 0 ]; then say "FAILED (exit $status) after $(( ($(now_ms) - T0) / 1000 )) s"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Leftovers of an interrupted run: containers and untagged images.
"${BUILDAH[@]}" rm --all >/dev/null 2>&1 || true
"${BUILDAH[@]}" rmi --prune >/dev/null 2>&1 || true

# ---- 1. the local base image (cached) -----------------------------------------------------------
NODE_BIN=$(readlink -f "$(command -v node)")
NPM_DIR=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
NODE_VERSION=$(node --version)
# The trust store the machine's node uses: where egress goes through a TLS-inspecting proxy, npm
# inside the build needs the same CA (an operator behind such a proxy would pass theirs the same way).
CA_BUNDLE=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
CA_KEY=none
[ -f "$CA_BUNDLE" ] && CA_KEY=$(sha256sum "$CA_BUNDLE" | cut -c1-12)
BASE_IMAGE="localhost/docsite-base:node${NODE_VERSION#v}-bookworm-r${BASE_RECIPE}-ca${CA_KEY}"

debian_mirror() {
  # The Debian mirror apt uses here (deb822 .sources or one-line .list), else the default one.
  local uri
  uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
          | awk '$1=="deb" { for (i=2;i<=NF;i++) if ($i ~ /^https?:\/\//) { print $i; break } }' \
          | grep -E '/debian/?$' | head -n1 || true)
  if [ -z "$uri" ]; then
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null \
            | awk '/^URIs:/ { for (i=2;i<=NF;i++) print $i }' | grep -E '/debian/?$' | head -n1 || true)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

if "${BUILDAH[@]}" inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  say "base image cached: $BASE_IMAGE"
else
  t=$(now_ms)
  MIRROR=$(debian_mirror)
  say "building base image $BASE_IMAGE (debootstrap bookworm minbase from $MIRROR + node $NODE_VERSION)"
  ROOTFS="$WORK/rootfs"
  debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
    || { tail -n 30 "$WORK/debootstrap.log" >&2; fail "debootstrap failed"; }
  # Slim it the way the official slim images are: no package lists, docs or caches.
  rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/* "$ROOTFS"/usr/share/doc/* \
         "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/var/log/*.log
  # node and npm where the official node images have them.
  install -D -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
  mkdir -p "$ROOTFS/usr/local/lib/node_modules"
  cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
  ca_env=()
  if [ -f "$CA_BUNDLE" ]; then
    install -D -m 0644 "$CA_BUNDLE" "$ROOTFS/usr/local/share/docsite-check/ca.crt"
    ca_env=(--env NODE_EXTRA_CA_CERTS=/usr/local/share/docsite-check/ca.crt)
  fi
  chroot "$ROOTFS" /usr/local/bin/node --version >/dev/null || fail "the machine's node does not run on bookworm minbase"

  ctr=$("${BUILDAH[@]}" from scratch)
  mnt=$("${BUILDAH[@]}" mount "$ctr")
  cp -a "$ROOTFS"/. "$mnt"/
  "${BUILDAH[@]}" umount "$ctr" >/dev/null
  "${BUILDAH[@]}" config \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="${NODE_VERSION#v}" "${ca_env[@]}" \
    --cmd node --label org.opencontainers.image.description="local stand-in for node:20-bookworm-slim" \
    "$ctr"
  "${BUILDAH[@]}" commit --quiet --rm --format docker "$ctr" "$BASE_IMAGE" >/dev/null
  rm -rf "$ROOTFS"
  say "base image built in $(( ($(now_ms) - t) / 1000 )) s"
fi

# ---- 2. the image, from the same Dockerfile ----------------------------------------------------
t=$(now_ms)
say "building $IMAGE from ./Dockerfile with BASE_IMAGE=$BASE_IMAGE"
# --format docker: HEALTHCHECK is not part of the OCI image config and would be dropped.
# Host network: npm ci reaches the registry as the machine does.
"${BUILDAH[@]}" bud --quiet --format docker --isolation chroot --network host --pull=never \
  --build-arg BASE_IMAGE="$BASE_IMAGE" \
  --build-arg REVISION="$(git rev-parse HEAD 2>/dev/null || echo unknown)" \
  --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  -f Dockerfile -t "$IMAGE" . > "$WORK/build.log" 2>&1 \
  || { tail -n 60 "$WORK/build.log" >&2; fail "the image did not build"; }
BUILD_S=$(( ($(now_ms) - t) / 1000 ))
say "image built in $BUILD_S s"

# ---- 3. what the image declares ------------------------------------------------------------------
# The image's Docker-format config, queried with node (buildah's --format templates lack json).
"${BUILDAH[@]}" inspect --type image "$IMAGE" > "$WORK/image.json"
# cfg EXPR: evaluates EXPR on the config object `c`; arrays print one element a line.
cfg() {
  node -e '
    const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Docker.config;
    const v = eval(process.argv[2]);
    if (Array.isArray(v)) { for (const x of v) console.log(x); } else if (v != null) console.log(v);' "$WORK/image.json" "$1"
}
expect_config() { # name, actual, expected
  [ "$2" = "$3" ] || fail "image $1 is '$2', expected '$3'"
}
expect_config user "$(cfg c.User)" "10001:10001"
expect_config workdir "$(cfg c.WorkingDir)" "/app"
expect_config "exposed ports" "$(cfg 'Object.keys(c.ExposedPorts ?? {}).join(" ")')" "3000/tcp"
expect_config volumes "$(cfg 'Object.keys(c.Volumes ?? {}).join(" ")')" "/data"
expect_config "stop signal" "$(cfg c.StopSignal)" "SIGTERM"
[ -n "$(cfg 'c.Labels?.["org.opencontainers.image.revision"]')" ] || fail "OCI labels missing"
ENV_LINES=$(cfg c.Env)
for want in NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MEMORY_MB=768; do
  grep -qx "$want" <<<"$ENV_LINES" || fail "image env lacks $want"
done
mapfile -t ENTRYPOINT < <(cfg c.Entrypoint)
mapfile -t CMD < <(cfg c.Cmd)
mapfile -t HEALTH < <(cfg c.Healthcheck?.Test)
[ ${#ENTRYPOINT[@]} -gt 0 ] || fail "the image has no ENTRYPOINT"
[ ${#HEALTH[@]} -gt 1 ] || fail "the image has no HEALTHCHECK"
case "${HEALTH[*]}" in *readyz*) ;; *) fail "the HEALTHCHECK does not ask /readyz: ${HEALTH[*]}";; esac
[ "${HEALTH[0]}" = CMD ] || fail "HEALTHCHECK should be an exec form (CMD [...]), not ${HEALTH[0]}"
HEALTH=("${HEALTH[@]:1}")

# What the runtime stage must not carry: git (isomorphic-git does it all), dev dependencies, a
# shell history of the build. Checked in a throwaway container of the image.
ctr=$("${BUILDAH[@]}" from --pull=never "$IMAGE")
mnt=$("${BUILDAH[@]}" mount "$ctr")
for path in usr/bin/git app/node_modules/vite app/node_modules/typescript app/node_modules/@remix-run/dev \
            app/node_modules/vitest app/tests app/.git; do
  [ ! -e "$mnt/$path" ] || fail "the runtime image should not contain /$path"
done
for path in app/build/docsite.js app/build/server/index.js app/bin/start.sh app/content usr/local/bin/node; do
  [ -e "$mnt/$path" ] || fail "the runtime image lacks /$path"
done
[ "$(stat -c %u "$mnt/data")" = 10001 ] || fail "/data is not owned by the image's user"
APP_MB=$(du -sm "$mnt/app" | cut -f1)
"${BUILDAH[@]}" umount "$ctr" >/dev/null
"${BUILDAH[@]}" rm "$ctr" >/dev/null
say "image config: user 10001, port 3000, volume /data, HEALTHCHECK, SIGTERM, labels; no git, no dev dependencies"

# ---- 4. start, ready, serve, stop ----------------------------------------------------------------
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# GET url -> "status<TAB>content-type<TAB>etag<TAB>cache-control<TAB>vary<TAB>body bytes<TAB>has <h1>"
http_get() {
  node -e '
    fetch(process.argv[1], { headers: { "accept-encoding": "gzip" } }).then(async (r) => {
      const body = await r.text();
      const h = (n) => r.headers.get(n) ?? "-";
      console.log([r.status, h("content-type"), h("etag"), h("cache-control"), h("vary"), body.length, /<h1[\s>]/.test(body)].join("\t"));
    }, () => { console.log("000"); });' "$1"
}
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# run_image LABEL TIMEOUT_S [buildah run options...]: starts the image's entrypoint in a fresh
# working container (as `docker run` would: new container, image user/env/workdir), or again in
# RUN_CTR when it is set (as `docker restart` would), on a free port; sets RUN_CTR, SERVER_PID
# (buildah), NODE_PID (the server inside), PORT, READY_MS, RSS_KB.
# The image's VOLUME /data: buildah run gives each working container its own volume folder, kept
# across runs of that container and seeded from the image (so owned by the image's user).
run_image() {
  local label=$1 timeout_s=$2; shift 2
  [ -n "$RUN_CTR" ] || RUN_CTR=$("${BUILDAH[@]}" from --pull=never --name "docsite-check-$label" "$IMAGE")
  PORT=$(free_port)
  local log="$WORK/$label.log" t deadline
  t=$(now_ms)
  # chroot isolation: no network or PID namespace, so the server binds the host's loopback
  # directly and its process is visible (and signalable) from here.
  # 9>&-: the container never holds the check's lock.
  "${BUILDAH[@]}" run --isolation chroot --network host --env PORT="$PORT" "$@" \
    "$RUN_CTR" -- "${ENTRYPOINT[@]}" "${CMD[@]}" > "$log" 2>&1 9>&- &
  SERVER_PID=$!
  deadline=$(( t + timeout_s * 1000 ))
  until [ "$(http_get "http://127.0.0.1:$PORT/readyz" | cut -f1)" = 200 ]; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then cat "$log" >&2; fail "[$label] the server exited before it was ready"; fi
    if [ "$(now_ms)" -gt "$deadline" ]; then cat "$log" >&2; fail "[$label] not ready within $timeout_s s"; fi
    sleep 0.1
  done
  READY_MS=$(( $(now_ms) - t ))
  # The server is the node process under buildah's chroot runtime, supervised by the entrypoint
  # (bin/start.sh), which is what a container runtime would signal as PID 1.
  NODE_PID=$(pgrep -f -n -u 10001 '^(/usr/local/bin/)?node .*build/docsite.js' || true)
  [ -n "$NODE_PID" ] || { ps -ef --forest >&2; fail "[$label] cannot find the server process running as uid 10001"; }
  ENTRY_PID=$(pgrep -f -n -u 10001 '^(/usr/bin/)?sh bin/start.sh' || true)
  [ -n "$ENTRY_PID" ] || { ps -ef --forest >&2; fail "[$label] cannot find the entrypoint (sh bin/start.sh) running as uid 10001"; }
  # bin/start.sh gave node the heap MEMORY_MB implies (45% of the image's 768).
  tr '\0' ' ' < "/proc/$NODE_PID/cmdline" | grep -q -- '--max-old-space-size=345 ' || fail "[$label] node was not started with the heap MEMORY_MB implies: $(tr '\0' ' ' < "/proc/$NODE_PID/cmdline")"
  RSS_KB=$(rss_kb "$NODE_PID")
  # The process got the image's environment (not the host's).
  local environ
  environ=$(tr '\0' '\n' < "/proc/$NODE_PID/environ")
  for want in NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 "PORT=$PORT"; do
    grep -qx "$want" <<<"$environ" || fail "[$label] the server's environment lacks $want"
  done
  [ "$(readlink "/proc/$NODE_PID/cwd")" != "$REPO_DIR" ] || fail "[$label] the server runs in the host's checkout"
  say "[$label] ready in ${READY_MS} ms (server log: $(grep -o '"msg":"content ready".*' "$log" | head -n1)); RSS ${RSS_KB} kB"
}

# stop_image LABEL [keep]: SIGTERM to the entrypoint (the image's STOPSIGNAL, to PID 1), which passes
# it on to node, which must drain and exit 0; the working container is removed unless "keep".
stop_image() {
  local label=$1 keep=${2:-} status=0 t
  t=$(now_ms)
  kill -TERM "$ENTRY_PID"
  # The grace period an orchestrator would give (compose.yaml: 15 s) before it kills.
  while kill -0 "$SERVER_PID" 2>/dev/null && [ $(( $(now_ms) - t )) -lt 15000 ]; do sleep 0.05; done
  kill -0 "$SERVER_PID" 2>/dev/null && { cat "$WORK/$label.log" >&2; fail "[$label] still running 15 s after SIGTERM"; }
  wait "$SERVER_PID" || status=$?
  SERVER_PID=""
  STOP_MS=$(( $(now_ms) - t ))
  grep -q '"msg":"shutting down"' "$WORK/$label.log" || { cat "$WORK/$label.log" >&2; fail "[$label] no drain on SIGTERM"; }
  [ "$status" = 0 ] || { cat "$WORK/$label.log" >&2; fail "[$label] exit status $status after SIGTERM, expected 0"; }
  if [ "$keep" != keep ]; then
    "${BUILDAH[@]}" rm "$RUN_CTR" >/dev/null
    RUN_CTR=""
  fi
  say "[$label] stopped by SIGTERM in ${STOP_MS} ms, exit 0"
}

# The default: no configuration, the embedded content.
run_image default 60
DEFAULT_READY_MS=$READY_MS DEFAULT_RSS_KB=$RSS_KB
PAGE=$(http_get "http://127.0.0.1:$PORT/general/community")
IFS=$'\t' read -r status ctype etag cache vary bytes h1 <<<"$PAGE"
[ "$status" = 200 ] || fail "GET /general/community answered $status"
case "$ctype" in text/html*) ;; *) fail "GET /general/community is $ctype, not HTML";; esac
[ "$h1" = true ] || fail "GET /general/community has no <h1>"
say "GET /general/community: $status $ctype, $bytes bytes; ETag $etag; Cache-Control $cache; Vary $vary"
[ "$(http_get "http://127.0.0.1:$PORT/healthz" | cut -f1)" = 200 ] || fail "/healthz is not 200"
RSS_AFTER_PAGE_KB=$(rss_kb "$NODE_PID")
# A server that dies is started again by the entrypoint (bin/start.sh supervises node).
kill -KILL "$NODE_PID"
t=$(now_ms)
until [ "$(http_get "http://127.0.0.1:$PORT/readyz" | cut -f1)" = 200 ]; do
  [ $(( $(now_ms) - t )) -lt 60000 ] || { cat "$WORK/default.log" >&2; fail "the server was not started again within 60 s after it died"; }
  sleep 0.1
done
RESTARTED_NODE_PID=$(pgrep -f -n -u 10001 '^(/usr/local/bin/)?node .*build/docsite.js' || true)
[ -n "$RESTARTED_NODE_PID" ] && [ "$RESTARTED_NODE_PID" != "$NODE_PID" ] || fail "no new server process after the old one was killed"
NODE_PID=$RESTARTED_NODE_PID
say "a killed server was started again by the entrypoint in $(( $(now_ms) - t )) ms"
# The image's own HEALTHCHECK command, run inside the running container as a runtime would.
"${BUILDAH[@]}" run --isolation chroot --network host --env PORT="$PORT" "$RUN_CTR" -- "${HEALTH[@]}" \
  || fail "the image's HEALTHCHECK command failed against a ready server"
say "HEALTHCHECK command passes"
stop_image default

# A Docusaurus repository of its own, read in place from a read-only mount: its ES-module config and
# TypeScript sidebars run in the sandbox, so QuickJS's WebAssembly and esbuild's binary must be in
# the image and usable by its user (decision 034).
mkdir -p "$WORK/site/docs"
printf '%s\n' "export default { title: 'Own config', presets: [['classic', { docs: { sidebarPath: './sidebars.ts' } }]], themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'guide', label: 'Read by the sandbox' }] } } };" > "$WORK/site/docusaurus.config.mjs"
printf '%s\n' "const guide: string[] = ['intro'];" 'export default { guide };' > "$WORK/site/sidebars.ts"
printf '# Intro\n\nHello.\n' > "$WORK/site/docs/intro.md"
git -C "$WORK/site" init -q -b main
git -C "$WORK/site" add -A
git -C "$WORK/site" -c user.name=check -c user.email=check@localhost commit -q -m site
chmod -R a+rX "$WORK/site"
run_image site 120 --volume "$WORK/site:/site:ro" --env CONTENT_REPO=/site
node -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => process.exit(t.includes(">Read by the sandbox<") ? 0 : 1), () => process.exit(1))' "http://127.0.0.1:$PORT/docs/intro" \
  || { cat "$WORK/site.log" >&2; fail "[site] the repository's own config and sidebars were not read (the sandbox does not run in the image)"; }
say "[site] a repository's docusaurus.config.mjs and sidebars.ts ran in the sandbox"
stop_image site

# Optionally, a real-sized site: CHECK_CORPUS (a content folder) committed into a bare repository
# and served over git's smart HTTP on 127.0.0.1 (tests/support/git-http-server.ts, run with tsx),
# cloned by the container into a host folder mounted as its /data volume; then started again on
# the same volume, which must reuse the clone.
CORPUS_READY_MS="" CORPUS_RESTART_MS="" CORPUS_RSS_KB="" CORPUS_DATA_MB=""
if [ -n "${CHECK_CORPUS:-}" ]; then
  [ -d "$CHECK_CORPUS" ] || fail "CHECK_CORPUS=$CHECK_CORPUS is not a folder"
  [ -x node_modules/.bin/tsx ] || fail "CHECK_CORPUS needs the dev dependencies (npm ci) for the git HTTP server"
  command -v git >/dev/null || fail "CHECK_CORPUS needs git on the host"
  mkdir -p "$WORK/corpus" "$WORK/git"
  cp -a "$CHECK_CORPUS"/. "$WORK/corpus"/
  git -C "$WORK/corpus" init -q -b main
  git -C "$WORK/corpus" add -A
  git -C "$WORK/corpus" -c user.name=check -c user.email=check@localhost commit -q -m corpus
  git clone -q --bare "$WORK/corpus" "$WORK/git/corpus.git"
  cat > "$WORK/git-http.mts" <<TS
import { startGitHttpServer } from '$REPO_DIR/tests/support/git-http-server.ts';
const server = await startGitHttpServer(process.argv[2]);
console.log(server.url);
TS
  node_modules/.bin/tsx "$WORK/git-http.mts" "$WORK/git" > "$WORK/git-http.url" 2> "$WORK/git-http.log" &
  GIT_HTTP_PID=$!
  for _ in $(seq 1 100); do [ -s "$WORK/git-http.url" ] && break; sleep 0.1; done
  [ -s "$WORK/git-http.url" ] || { cat "$WORK/git-http.log" >&2; fail "the git HTTP server did not start"; }
  CORPUS_URL="$(head -n1 "$WORK/git-http.url")/corpus.git"
  run_image corpus 300 --env CONTENT_REPO="$CORPUS_URL"
  CORPUS_READY_MS=$READY_MS CORPUS_RSS_KB=$RSS_KB
  [ "$(http_get "http://127.0.0.1:$PORT/general/community" | cut -f1)" = 200 ] || fail "[corpus] GET /general/community is not 200"
  stop_image corpus keep
  # The clone is on the container's /data volume, owned by the image's user.
  ctr_id=$("${BUILDAH[@]}" inspect --type container --format '{{.ContainerID}}' "$RUN_CTR")
  volume=$(ls -d "$CACHE_DIR/storage/vfs-containers/$ctr_id/userdata/buildah-volumes"/* 2>/dev/null | head -n1 || true)
  [ -n "$volume" ] && [ -n "$(ls -A "$volume")" ] || fail "[corpus] nothing was written to the /data volume"
  [ "$(stat -c %u "$volume")" = 10001 ] || fail "[corpus] the /data volume is not owned by uid 10001"
  CORPUS_DATA_MB=$(du -sm "$volume" | cut -f1)
  # Restart on the same volume: the clone is reused (a fetch, not a clone).
  run_image corpus-restart 300 --env CONTENT_REPO="$CORPUS_URL"
  CORPUS_RESTART_MS=$READY_MS
  stop_image corpus-restart
  kill "$GIT_HTTP_PID" 2>/dev/null || true
fi

# ---- 5. figures ------------------------------------------------------------------------------------
IMAGE_SIZE=$("${BUILDAH[@]}" images --format '{{.Size}}' "$IMAGE" | head -n1)
BASE_SIZE=$("${BUILDAH[@]}" images --format '{{.Size}}' "$BASE_IMAGE" | head -n1)
TOTAL_S=$(( ($(now_ms) - T0) / 1000 ))
cat <<REPORT
container check passed
  image                 $IMAGE ($IMAGE_SIZE; base $BASE_SIZE; /app ${APP_MB} MB)
  build                 ${BUILD_S} s (npm ci + npm run build + npm prune inside buildah, chroot isolation)
  start to ready        ${DEFAULT_READY_MS} ms (embedded content)${CORPUS_READY_MS:+; corpus over HTTP: ${CORPUS_READY_MS} ms (first clone), ${CORPUS_RESTART_MS} ms (restart on the same volume); clone ${CORPUS_DATA_MB} MB on /data}
  resident memory       ${DEFAULT_RSS_KB} kB after start, ${RSS_AFTER_PAGE_KB} kB after the first page${CORPUS_RSS_KB:+; ${CORPUS_RSS_KB} kB after start on the corpus}
  check duration        ${TOTAL_S} s
REPORT
