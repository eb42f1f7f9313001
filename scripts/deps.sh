#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Fetch and unpack addrlimit's pinned build dependencies into deps/.
#
# tree-sitter (the runtime, C amalgamation) and tree-sitter-c (the
# generated C grammar) come from the npm registry as package tarballs;
# nothing is installed globally and no node module is run.  Each tarball
# is checked against the sha256 recorded here, so a changed upstream
# tarball stops the build instead of being used silently.
# Jansson (the JSON writer behind --format=json/sarif) and SQLite (--cache)
# come from Debian: libjansson-dev and libsqlite3-dev, installed with
# apt-get when missing and we are root.
set -eu

TS_VERSION=0.25.1
TS_SHA256=07aeba8dd71630e7e72b2d4ca3bd2680c3471824100cc5ebff44e78a6ed0b6d3
TSC_VERSION=0.24.1
TSC_SHA256=8e9ecd7687665d2fa1b3c07fbd1f4380b7d285850d6954629e2156e1b757451e

top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/deps"
mkdir -p "$deps"
cd "$deps"

fetch() {  # name version sha256 dir
	tgz="$1-$2.tgz"
	if [ ! -f "$4/.ok" ]; then
		if [ ! -f "$tgz" ]; then
			command -v npm >/dev/null 2>&1 || {
				echo "deps: npm is needed to fetch $1@$2 (apt-get install npm)" >&2; exit 1; }
			npm pack --silent "$1@$2" >/dev/null
		fi
		got=$(sha256sum "$tgz" | cut -d' ' -f1)
		if [ "$got" != "$3" ]; then
			echo "deps: $tgz has sha256 $got, expected $3" >&2
			rm -f "$tgz"
			exit 1
		fi
		rm -rf "$4" && mkdir -p "$4"
		tar xzf "$tgz" -C "$4"
		touch "$4/.ok"
	fi
}

fetch tree-sitter "$TS_VERSION" "$TS_SHA256" tree-sitter
fetch tree-sitter-c "$TSC_VERSION" "$TSC_SHA256" tree-sitter-c

# A Debian -dev package whose header and static library we link: installed
# with apt-get when missing and we are root.
debian_dev() {	# PACKAGE HEADER STATIC-LIB
	have() { [ -f "/usr/include/$2" ] && ls /usr/lib/*/"$3" >/dev/null 2>&1; }
	have "$@" && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "deps: installing $1 from Debian" >&2
		apt-get install -y -qq "$1" >/dev/null 2>&1 ||
			{ apt-get update -qq && apt-get install -y -qq "$1" >/dev/null; }
	fi
	have "$@" || { echo "deps: $1 is needed (apt-get install $1)" >&2; exit 1; }
}
debian_dev libjansson-dev jansson.h libjansson.a	# SARIF/JSON writer, baseline reader
debian_dev libsqlite3-dev sqlite3.h libsqlite3.a	# the --cache database (3.40.1)
touch "$deps/.stamp"
