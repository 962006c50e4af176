#!/bin/sh
# make check-web: the playground in headless Chromium (web/test/check.mjs).
# Needs the site built by make web, node, npm's playwright-core (installed
# from web/package-lock.json with npm ci when missing) and Chromium.
# Exit status: 0 passed, 1 failed, 77 skipped (emcc, node or chromium
# missing).
set -eu

srcdir=${srcdir:-.}
site=${WEB_SITE:-web/site}
skip() {
	echo "make check-web: skipped: $*" >&2
	exit 77
}
[ -n "${EMCC:-}" ] && [ -f "$site/index.html" ] ||
	skip "emcc was not found (Debian: apt-get install emscripten)"
[ -n "${NODE:-}" ] || skip "node was not found (Debian: apt-get install nodejs npm)"
[ -n "${CHROMIUM:-}" ] || skip "chromium was not found (Debian: apt-get install chromium)"

# playwright-core, at the version the lock file pins, next to the site.
if [ ! -d web/node_modules/playwright-core ]; then
	if [ "$srcdir" != . ]; then
		cp "$srcdir/web/package.json" "$srcdir/web/package-lock.json" web/
		chmod u+w web/package.json web/package-lock.json
	fi
	echo "  NPM      web/node_modules (npm ci)"
	(cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
rm -rf web/test/screens
mkdir -p web/test/screens
RIVER=$RIVER CHROMIUM=$CHROMIUM SITE=$site SCREENS=web/test/screens \
	PLAYWRIGHT=$(pwd)/web/node_modules/playwright-core \
	PUZZLES="$srcdir/puzzles" \
	"$NODE" "$srcdir/web/test/check.mjs"
