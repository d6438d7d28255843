#!/usr/bin/env bash
# `npm run release:dry-run`: the steps of .github/workflows/release.yml, run
# here on a fresh copy of the committed HEAD (so `npm ci` never touches this
# checkout's node_modules), ending in `npm publish --dry-run`: no token, and
# nothing is uploaded. The tag is taken to be v<package.json's version> and the
# repository the one package.json names (RELEASE_TAG and RELEASE_REPOSITORY
# override them, as GitHub's GITHUB_REF_NAME and GITHUB_REPOSITORY would).
# `--keep` leaves the copy in place.
#
# What it cannot do here: npm provenance is made only inside GitHub Actions
# (from its OIDC token; `npm publish --dry-run --provenance` skips it), and the
# real publish needs the NPM_TOKEN secret.
set -euo pipefail
cd "$(dirname "$0")/.."

keep=false
[ "${1:-}" = "--keep" ] && keep=true

version=$(node -p 'require("./package.json").version')
url=$(node -p 'const r = require("./package.json").repository; (typeof r === "string" ? r : r?.url) ?? ""')
repository=$(node -e 'const m = /github\.com\/([^/]+\/[^/]+?)(?:\.git)?$/.exec(process.argv[1]); console.log(m ? m[1] : "")' "$url")
tag=${RELEASE_TAG:-v$version}
repository=${RELEASE_REPOSITORY:-$repository}

step() { printf '\n== %s\n' "$*"; }

step "node $(node --version), npm $(npm --version) (the workflow uses Node 20)"
if [ -n "$(git status --porcelain)" ]; then
  echo "note: uncommitted changes are not part of the dry run (it copies HEAD $(git rev-parse --short HEAD))"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tool-render-intent-release-XXXXXX")
cleanup() { if $keep; then echo "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT
git archive HEAD | tar -x -C "$work"
cd "$work"
echo "HEAD $(git -C "$OLDPWD" rev-parse --short HEAD) copied to $work"

step "The tag, the CHANGELOG and the repository agree with package.json ($tag, $repository)"
node scripts/check-release.mjs --tag "$tag" --repository "$repository"

step "npm ci --no-audit --no-fund"
npm ci --no-audit --no-fund

step "npm run build"
npm run build

step "npm run typecheck"
npm run typecheck

step "npm test"
npm test

step "npm run check:publish"
npm run check:publish

step "npm run test:packed-cli"
npm run test:packed-cli

step "npm publish --provenance --access public --dry-run"
npm publish --provenance --access public --dry-run

step "the dry run reached the end: a real release pushes the tag $tag (the workflow publishes with NPM_TOKEN and provenance)"
