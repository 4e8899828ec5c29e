# One image for the API and the worker (compose picks the command).
# Node 20 on Debian bookworm, ffmpeg and pocketsphinx from Debian, TypeScript
# run by tsx (no build step). isolated-vm compiles from source, so the
# dependencies are installed in a stage that has a C++ toolchain.

FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# onnxruntime-node's postinstall would fetch GPU builds from GitHub; its CPU binaries are in the npm package.
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# python3: the sandbox child's seccomp filter (activities/sandbox/deny-unix-sockets.py).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us ca-certificates tini python3 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN mkdir -p /var/lib/holdline/scratch && chown -R node:node /var/lib/holdline
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    HOLDLINE_SCRATCH_DIR=/var/lib/holdline/scratch
USER node
EXPOSE 8080
# tini forwards SIGTERM so the Temporal worker shuts down gracefully.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "api/server.ts"]
