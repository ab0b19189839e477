#!/usr/bin/env bash
# Vendors the parts of the npm package swagger-ui-dist that the local API's
# reference page (/docs) uses into cmd/local-api/reference/swagger-ui, with
# its licence and notice. Only cmd/local-api embeds them; the Lambda
# functions never do (cmd/local-api/reference_test.go checks).
#   scripts/vendor-swagger-ui.sh [version]    default: the vendored one
set -euo pipefail
cd "$(dirname "$0")/.."
dest=cmd/local-api/reference/swagger-ui
version="${1:-$(sed -nE 's/^ *"version": "([^"]+)".*/\1/p' "$dest/package.json")}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "swagger-ui-dist@$version" >/dev/null && tar xzf swagger-ui-dist-"$version".tgz)
mkdir -p "$dest"
rm -f "$dest"/*
for f in LICENSE NOTICE package.json swagger-ui-bundle.js swagger-ui-bundle.js.LICENSE.txt swagger-ui.css \
         favicon-16x16.png favicon-32x32.png; do
  cp "$tmp/package/$f" "$dest/$f"
done
echo "vendored swagger-ui-dist $version into $dest"
