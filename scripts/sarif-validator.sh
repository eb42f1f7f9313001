#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install Microsoft's SARIF validator (npm @microsoft/sarif-multitool, pinned)
# into deps/sarif-multitool when it is missing, and print the command that
# runs it.  The package ships a native Linux binary; nothing is installed
# globally.
set -eu
VERSION=5.7.0
top=$(cd "$(dirname "$0")/.." && pwd)
dir="$top/deps/sarif-multitool"
bin="$dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$bin" ]; then
	command -v npm >/dev/null 2>&1 || { echo "sarif-validator: npm is needed" >&2; exit 1; }
	mkdir -p "$dir"
	npm install --silent --no-audit --no-fund --prefix "$dir" \
		"@microsoft/sarif-multitool@$VERSION" >&2
fi
[ -x "$bin" ] || { echo "sarif-validator: $bin missing after install" >&2; exit 1; }
echo "$bin"
