#!/bin/sh
# The production layout as processes on this machine, no container runtime needed: migrations
# once, N api instances, gateway, portal, mcp-http, webhook worker, the upstream follower when
# CORPUS_GIT_URL is set, Caddy in front (the product's own proxy where caddy is not installed).
# See infra/README.md.
#   DATABASE_URL=… REDIS_URL=… INTERNAL_API_SECRET=… SESSION_SECRET=… PUBLIC_PORT=8080 infra/run.sh --instances 2
set -e
cd "$(dirname "$0")/.."
exec node apps/cli/dist/index.js cluster "$@"
