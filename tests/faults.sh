# SPDX-License-Identifier: GPL-2.0
# Nothing lost under faults: addrlimit's writes (--in-place sources,
# --fix=FILE, -o, --write-baseline, --html, the --cache database) under
# kill -9 at random moments, SIGINT/SIGTERM, write/fsync/close/rename/
# temporary-file errors (ENOSPC, EIO, EROFS through the LD_PRELOAD shim
# tests/faults/shim.c), a read-only folder, and two and four runs at once
# on one cache and one HTML folder.  After every trial: each source is
# byte for byte its original or its complete rewrite, every output its old
# contents or its complete new ones, no temporary file is left (but after
# kill -9), the cache passes PRAGMA integrity_check, a later run reports
# what a clean run does, and the exit status and message said what
# happened.  A "loss" is a trial after which something was neither old nor
# new, or the cache was damaged.
#
# Sourced by tests/run (a quick subset, with its ok/bad) or run alone:
#   FAULTS_FULL=1 ADDRLIMIT=./addrlimit FAULT_SHIM=build/faults/shim.so bash tests/faults.sh
# (make check-faults), which ends with "faults: N trials, M losses" and
# "N passed, N failed".  FAULTS_SEED (default 21) fixes the random moments.

if ! declare -F ok >/dev/null; then
	f_alone=1
	set -u
	here=$(cd "$(dirname "$0")" && pwd)
	top=$(cd "$here/.." && pwd)
	bin=${ADDRLIMIT:-$top/addrlimit}
	pass=0 fail=0
	tmp=$(mktemp -d)
	trap 'umount "$tmp/faults/ro" 2>/dev/null; rm -rf "$tmp"' EXIT
	ok()  { pass=$((pass + 1)); [ -n "${VERBOSE:-}" ] && echo "ok - $1"; return 0; }
	bad() { fail=$((fail + 1)); echo "not ok - $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/#   /'; return 0; }
else
	f_alone=
fi

f_full=${FAULTS_FULL:-}
f_trials=0 f_losses=0
f_dir=$tmp/faults
W=$f_dir/w			# every run happens here, so paths in reports are the same
rm -rf "$f_dir"
mkdir -p "$f_dir/orig/tree/fix" "$f_dir/orig/tree/cases" "$W"
RANDOM=${FAULTS_SEED:-21}
# the ASan build must accept a library preloaded before its runtime
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

f_shim=${FAULT_SHIM:-$top/build/faults/shim.so}
[ -f "$f_shim" ] && f_shim=$(cd "$(dirname "$f_shim")" && pwd)/$(basename "$f_shim")
if [ ! -f "$f_shim" ]; then
	f_shim=$f_dir/shim.so
	cc -O2 -shared -fPIC -o "$f_shim" "$here/faults/shim.c" -ldl ||
		bad "faults: cannot build the shim tests/faults/shim.c"
fi

# --- the tree: sources --fix rewrites, and cases with findings ----------
cp "$here"/fix/*.c "$f_dir/orig/tree/fix/"
for f in $(grep -l 'expect: ' "$here"/cases/*.c | head -40); do
	grep -q 'args:' "$f" || cp "$f" "$f_dir/orig/tree/cases/"
done

f_reset() {	# W back to the original tree, nothing else
	rm -rf "$W"
	mkdir -p "$W"
	cp -a "$f_dir/orig/tree" "$W/tree"
}
f_sums() { (cd "$W" && find tree -type f -name '*.c' | sort | xargs sha256sum) 2>/dev/null; }
f_temps() { find "$W" -name '*.addrlimit-*' 2>/dev/null; }
# PRAGMA integrity_check: the helper make builds against the project's
# SQLite (tests/faults/integrity.c), else the sqlite3 shell, else Python's
f_integ=${FAULT_INTEGRITY:-$top/build/faults/integrity}
f_integrity() {
	if [ -x "$f_integ" ]; then
		"$f_integ" "$1" 2>&1 | head -1
	elif command -v sqlite3 >/dev/null; then
		sqlite3 "$1" 'PRAGMA integrity_check' 2>&1 | head -1
	else
		python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("pragma integrity_check").fetchone()[0])' "$1" 2>&1
	fi
}
f_ms() { echo $(($(date +%s%N) / 1000000)); }
f_sleep() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }

# the reference: clean runs without cache, with the options every trial uses
f_reset
(cd "$W" && "$bin" -q tree >"$f_dir/ref.txt" 2>/dev/null); f_ref_rc=$?
f_sums >"$f_dir/orig.sums"
(cd "$W" && "$bin" -q --fix=p.diff -o r.txt --write-baseline=b.sarif tree >/dev/null 2>&1)
for x in p.diff r.txt b.sarif; do cp "$W/$x" "$f_dir/ref.$x"; done
(cd "$W" && "$bin" -q --html=html tree >/dev/null 2>&1)
cp -a "$W/html" "$f_dir/ref.html"
(cd "$W" && "$bin" -q --fix --in-place tree >/dev/null 2>&1)
f_sums >"$f_dir/new.sums"
# an older report: what the outputs hold before a trial
f_reset
(cd "$W" && "$bin" -q --html=html tree/fix >/dev/null 2>&1)
cp -a "$W/html" "$f_dir/old.html"
if [ "$f_ref_rc" -ne 1 ] || cmp -s "$f_dir/orig.sums" "$f_dir/new.sums" ||
   ! grep -q . "$f_dir/ref.p.diff" || cmp -s "$f_dir/old.html/index.html" "$f_dir/ref.html/index.html"; then
	bad "faults: the reference runs are not what the trials need" "rc $f_ref_rc"
fi

# what a complete HTML report holds: one sum per page
(cd "$f_dir/ref.html" && sha256sum -- *.html) >"$f_dir/ref.html.sums"
(cd "$f_dir/old.html" && sha256sum -- *.html) >"$f_dir/old.html.sums"

# --- checks after a trial: each prints what is wrong, nothing if all is well
# (few processes: starting one costs ~10 ms on some machines)
f_check_sources() {	# each source its original or its complete rewrite
	f_sums | awk -v W="$W" 'FILENAME != "-" { good[$0] = 1; next }
		!($0 in good) { print "LOSS: " $2 " is neither its original nor its rewrite" }' \
		"$f_dir/orig.sums" "$f_dir/new.sums" -
}
f_check_file() {	# FILE REF: FILE holds OLD or REF's contents
	if [ ! -e "$1" ]; then
		echo "LOSS: ${1#$W/} is gone"
	elif [ "$(<"$1")" != OLD ] && ! cmp -s "$1" "$2"; then
		echo "LOSS: ${1#$W/} is neither its old contents nor the complete report"
	fi
}
f_check_html() {	# no index, or an index whose pages are all of one report
	local ix=$W/html/index.html
	[ -e "$ix" ] || return 0
	(cd "$W/html" && { sha256sum --quiet -c "$f_dir/ref.html.sums" || sha256sum --quiet -c "$f_dir/old.html.sums"; }) \
		>/dev/null 2>&1 || echo "LOSS: html/ has an index.html but not every page of its report"
}
f_check_cache() {	# DB: sound, and a later cached run reports what a clean one does
	local r out rc
	[ -e "$1" ] || return 0
	r=$(f_integrity "$1")
	[ "$r" = ok ] || echo "LOSS: integrity_check of the cache: $r"
	out=$(cd "$W" && "$bin" -q --cache="$1" tree 2>&1); rc=$?
	[ $rc -eq "$f_ref_rc" ] && [ "$out" == "$(<"$f_dir/ref.txt")" ] ||
		echo "LOSS: a later run with the cache differs from a clean run (exit $rc)"
}
f_check_later() {	# a later run completes the job: every source rewritten
	local out
	out=$(cd "$W" && "$bin" -q --fix --in-place tree 2>&1 >/dev/null)
	cmp -s <(f_sums) "$f_dir/new.sums" || echo "LOSS: a later --in-place run did not complete the rewrite: $out"
}
f_verdict() {	# NAME PROBLEMS
	f_trials=$((f_trials + 1))
	if [ -z "$2" ]; then
		ok "faults: $1"
	else
		grep -q '^LOSS' <<<"$2" && f_losses=$((f_losses + 1))
		bad "faults: $1" "$2"
	fi
}

# --- the runs a trial stops: set-up, command (f_args), checks -------------
f_kinds="inplace cachecold cachewarm html outputs"
f_setup() {	# KIND: a fresh W, the outputs' old contents, f_args
	f_reset
	case $1 in
	inplace) f_args=(--fix --in-place tree) ;;
	cachecold) f_args=(--cache=db.sqlite tree) ;;
	cachewarm)	# a cache of the tree but one file: rows to add, a run to store
		f_args=(--cache=db.sqlite tree)
		mv "$W/tree/fix/vfs-read.c" "$W/vfs-read.c"
		(cd "$W" && "$bin" -q "${f_args[@]}" >/dev/null 2>&1)
		mv "$W/vfs-read.c" "$W/tree/fix/vfs-read.c" ;;
	html)
		f_args=(--html=html tree)
		cp -a "$f_dir/old.html" "$W/html" ;;
	outputs)
		f_args=(--fix=p.diff -o r.txt --write-baseline=b.sarif tree)
		echo OLD >"$W/p.diff"; echo OLD >"$W/r.txt"; echo OLD >"$W/b.sarif" ;;
	esac
}
f_check() {	# KIND: what must hold after any stop, then what a later run gives
	f_check_sources
	case $1 in
	inplace) f_check_later ;;
	cachecold|cachewarm) f_check_cache "$W/db.sqlite" ;;
	html)
		f_check_html
		(cd "$W" && "$bin" -q --html=html tree >/dev/null 2>&1)
		# (kill -9 leaves its temporary page, NAME.addrlimit-XXXXXX: not a page)
		diff -r -x '*.addrlimit-*' "$W/html" "$f_dir/ref.html" >/dev/null ||
			echo "LOSS: a later --html run differs" ;;
	outputs) for x in p.diff r.txt b.sarif; do f_check_file "$W/$x" "$f_dir/ref.$x"; done ;;
	esac
}
# f_slow DELAY ...: run addrlimit in W with DELAY µs in each write, fsync and
# rename under W (0: none)
f_slow() {
	local d=$1
	shift
	cd "$W" && FAULT_OPS=write,fsync,rename FAULT_DELAY_US=$d FAULT_MATCH=$W LD_PRELOAD=$f_shim \
		exec "$bin" -q "$@" >/dev/null 2>&1
}
# how long KIND's run takes (ms) with DELAY
f_duration() {
	local t0
	f_setup "$1"
	t0=$(f_ms)
	(f_slow "$2" "${f_args[@]}")
	echo $(($(f_ms) - t0 + 1))
}

# --- 1. kill -9 at random moments ---------------------------------------
f_kill_trials() {	# KIND COUNT
	local kind=$1 n=$2 i d slow dur0 dur1 pid probs
	dur1=$(f_duration "$kind" 2000)
	dur0=$dur1
	[ -n "$f_full" ] && dur0=$(f_duration "$kind" 0)
	for ((i = 0; i < n; i++)); do
		f_setup "$kind"
		# half the trials (all in the quick run) with every write slowed
		# down: more of them land in the middle of one
		slow=2000
		[ -n "$f_full" ] && slow=$((RANDOM % 2 * 2000))
		[ $slow -gt 0 ] && d=$((RANDOM * dur1 / 32768)) || d=$((RANDOM * dur0 / 32768))
		(f_slow $slow "${f_args[@]}") &
		pid=$!
		f_sleep "$d"
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		probs=$(f_check "$kind")
		f_verdict "kill -9 after ${d} ms of $kind (${f_args[*]}; writes slowed ${slow} µs)" "$probs"
	done
}

# --- 2. SIGINT and SIGTERM: 130/143, no temporary file left -------------
f_signal_trials() {	# KIND COUNT
	local kind=$1 n=$2 i d dur sig want rc probs try
	dur=$(f_duration "$kind" 5000)
	for ((i = 0; i < n; i++)); do
		if ((RANDOM % 2)); then sig=INT want=130; else sig=TERM want=143; fi
		d=$((RANDOM * dur / 2 / 32768))
		# a run that ended before the signal (a busy machine) is tried
		# again, sooner
		for try in 1 2 3; do
			f_setup "$kind"
			# job control: a background job's SIGINT is not ignored
			rc=$( (set -m
				(f_slow 5000 "${f_args[@]}") &
				pid=$!
				f_sleep "$d"
				kill -$sig $pid
				wait $pid; echo $?) 2>/dev/null)
			[ "$rc" = "$f_ref_rc" ] || break
			d=$((d / 2))
		done
		probs=
		[ "$rc" = "$want" ] || probs="exit $rc after SIG$sig at ${d} ms, want $want"
		[ -z "$(f_temps)" ] || probs="$probs${probs:+
}temporary files left: $(f_temps)"
		probs="$probs${probs:+
}$(f_check "$kind")"
		f_verdict "SIG$sig after ${d} ms of $kind: exit $rc, no temporary file" "$(sed '/^$/d' <<<"$probs")"
	done
}

# --- 3. errors: the Nth write/fsync/close/rename/mkstemp fails ------------
# KIND OP ERRNO STICKY MATCH: sweep N over the calls a clean run makes
f_fault_trials() {
	local kind=$1 op=$2 err=$3 sticky=$4 match=$5 calls n step out rc probs msg
	f_setup "$kind"
	(cd "$W" && FAULT_OPS=$op FAULT_MATCH=$match FAULT_COUNT=$f_dir/count LD_PRELOAD=$f_shim \
		"$bin" -q "${f_args[@]}" >/dev/null 2>&1)
	calls=$(<"$f_dir/count")
	if [ "${calls:-0}" -eq 0 ]; then
		# only --in-place syncs its files; SQLite syncs when it checkpoints
		[ "$op" = fsync ] && [ "$kind" != inplace ] && return 0
		bad "faults: $kind makes no $op call on '$match' (the shim sees nothing)"
		return
	fi
	step=1
	# quick: the first call, and for writes one in the middle too
	[ -z "$f_full" ] && step=$calls
	[ -z "$f_full" ] && [ "$op" = write ] && step=$(( (calls + 1) / 2 ))
	[ "$step" -lt 1 ] && step=1
	# full: every call, or about 8 of them spread over the run
	[ -n "$f_full" ] && [ "$calls" -gt 8 ] && step=$(( calls / 8 ))
	case $err in ENOSPC) msg='No space left on device' ;; EIO) msg='Input/output error' ;;
		EROFS) msg='Read-only file system' ;; esac
	[ "$op" = fsync ] && [ "$err" = ENOSPC ] && msg='Input/output error'
	for ((n = 1; n <= calls; n += step)); do
		f_setup "$kind"
		out=$(cd "$W" && FAULT_OPS=$op FAULT_AT=$n FAULT_STICKY=$sticky FAULT_ERRNO=$err \
			FAULT_MATCH=$match LD_PRELOAD=$f_shim "$bin" -q "${f_args[@]}" 2>&1 >"$f_dir/out"); rc=$?
		probs=
		case $kind in
		cache*)	# the cache only saves time: same findings, a warning
			[ $rc -eq "$f_ref_rc" ] && cmp -s "$f_dir/out" "$f_dir/ref.txt" ||
				probs="exit $rc or the report differs from a clean run's"
			grep -q 'warning: cache not [a-z]*: .*db.sqlite' <<<"$out" ||
				probs="$probs${probs:+
}no 'cache not used/updated/checkpointed' warning: $out" ;;
		*)
			[ $rc -eq 2 ] || probs="exit $rc, want 2"
			# (a source's folder failing its sync after the rename is said so)
			grep -Eq "error: (cannot write '.*'|'.*' written, but its folder could not be synced): $msg" <<<"$out" ||
				probs="$probs${probs:+
}no 'cannot write ...: $msg' message: $out" ;;
		esac
		[ -z "$(f_temps)" ] || probs="$probs${probs:+
}temporary files left: $(f_temps)"
		probs="$probs${probs:+
}$(f_check "$kind")"
		probs=$(sed '/^$/d' <<<"$probs")
		f_verdict "$kind: $op call $n of $calls fails with $err${sticky:+ (and every later one)}" "$probs"
	done
}

# --- 4. a read-only folder, for real where a read-only mount can be made --
f_readonly() {
	local ro=$f_dir/ro out rc
	mkdir -p "$ro"
	cp -a "$f_dir/orig/tree" "$ro/tree"
	if ! mount --bind "$ro" "$ro" 2>/dev/null; then
		echo "# faults: no read-only bind mount here (not root, or no CAP_SYS_ADMIN): read-only folder tried through the shim only"
		return 0
	fi
	if ! mount -o remount,bind,ro "$ro" 2>/dev/null; then
		umount "$ro"
		echo "# faults: a bind mount cannot be made read-only here: skipped"
		return 0
	fi
	out=$(cd "$ro" && "$bin" -q --fix --in-place tree 2>&1 >/dev/null); rc=$?
	f_trials=$((f_trials + 1))
	if [ $rc -eq 2 ] && grep -q "cannot write '.*': Read-only file system" <<<"$out" &&
	   (cd "$ro" && find tree -name '*.c' | sort | xargs sha256sum | cmp -s - "$f_dir/orig.sums"); then
		ok "faults: --in-place on a read-only mount: exit 2, says so, sources untouched"
	else
		bad "faults: --in-place on a read-only mount: exit $rc" "$out"
	fi
	out=$(cd "$W" && "$bin" -q -o "$ro/r.txt" --html="$ro/html" tree 2>&1); rc=$?
	f_trials=$((f_trials + 1))
	if [ $rc -eq 2 ] && [ "$(grep -c 'Read-only file system' <<<"$out")" -ge 2 ]; then
		ok "faults: -o and --html into a read-only mount: exit 2, both said"
	else
		bad "faults: -o and --html into a read-only mount: exit $rc" "$out"
	fi
	umount "$ro"
}

# --- stdout on a full disk (/dev/full): the error is seen at the flush -----
f_stdout_full() {
	local out rc args
	for args in "tree" "--fix tree" "--format=sarif tree"; do
		f_reset
		out=$(cd "$W" && "$bin" -q $args 2>&1 >/dev/full); rc=$?
		f_trials=$((f_trials + 1))
		if [ $rc -eq 2 ] && grep -q 'error: cannot write the \(report\|patch\): No space left on device' <<<"$out"; then
			ok "faults: addrlimit $args >/dev/full: exit 2, says so"
		else
			bad "faults: addrlimit $args >/dev/full: exit $rc" "$out"
		fi
	done
}

# --- 5. runs at once on one cache and one HTML folder ---------------------
f_concurrent() {	# N: cold, then warm
	local n=$1 round i probs pids rc
	f_reset
	for round in cold warm; do
		pids=()
		for ((i = 0; i < n; i++)); do
			(cd "$W" && exec "$bin" -q --cache=db.sqlite --html=html -o "r$i.txt" tree \
				>/dev/null 2>"$f_dir/conc$i.err") &
			pids+=($!)
		done
		probs=
		for ((i = 0; i < n; i++)); do
			wait "${pids[$i]}"; rc=$?
			[ $rc -eq "$f_ref_rc" ] || probs="$probs
run $i: exit $rc: $(cat "$f_dir/conc$i.err")"
			cmp -s "$W/r$i.txt" "$f_dir/ref.txt" || probs="$probs
run $i: its report differs from a clean run's"
		done
		diff -r "$W/html" "$f_dir/ref.html" >/dev/null || probs="$probs
LOSS: the HTML folder is not the complete report"
		[ -z "$(f_temps)" ] || probs="$probs
temporary files left: $(f_temps)"
		probs="$probs
$(f_check_sources; f_check_cache "$W/db.sqlite")"
		f_verdict "$n runs at once ($round) on one cache and one HTML folder" "$(sed '/^$/d' <<<"$probs")"
	done
}

# --- the suite ---------------------------------------------------------------
# make check runs a quick subset (about 30 s); make check-faults all of it.
# FAULTS_ONLY=REGEX runs only the parts whose name matches (kill, signals,
# outputs, cache, readonly, stdout, concurrent).
f_t0=$(date +%s)
f_time() { [ -n "${FAULTS_TIMES:-}" ] && echo "# $1 done at $(($(date +%s) - f_t0)) s"; return 0; }
f_part() { [[ $1 =~ ${FAULTS_ONLY:-.} ]]; }
if [ -n "$f_full" ]; then f_nk=42; f_ns=8; else f_nk=2; f_ns=1; fi
if f_part kill; then
	for k in $f_kinds; do
		f_kill_trials "$k" "$f_nk"
	done
	f_time "kill -9"
fi
if f_part signals; then
	f_signal_trials inplace $((f_ns + 1))
	f_signal_trials html "$f_ns"
	f_signal_trials outputs "$f_ns"
	f_time signals
fi
if f_part outputs; then
	for op in write close rename mkstemp fsync; do
		for k in inplace outputs html; do
			if [ -z "$f_full" ] && [ "$k" != outputs ] && [ "$op" != write ]; then continue; fi
			# the files the run writes, whatever their names while written;
			# a close is only counted on a temporary file (the inputs' closes
			# do not matter)
			case $k in
			inplace) m="tree/" ;;
			outputs) m="p.diff|r.txt|b.sarif" ;;
			html) m="html/" ;;
			esac
			[ "$op" = close ] && m=.addrlimit-
			f_fault_trials "$k" "$op" ENOSPC "" "$m"
			# EIO takes the same paths; tried where it is a different
			# failure (a write, the sync of a source)
			[ -n "$f_full" ] && { [ "$op" = write ] || [ "$op" = fsync ]; } &&
				f_fault_trials "$k" "$op" EIO "" "$m"
		done
	done
	f_fault_trials outputs mkstemp EROFS "" "p.diff|r.txt|b.sarif"
	f_time "output faults"
fi
if f_part cache; then
	f_fault_trials cachecold write ENOSPC 1 db.sqlite
	if [ -n "$f_full" ]; then
		f_fault_trials cachecold write EIO "" db.sqlite
		f_fault_trials cachewarm write ENOSPC 1 db.sqlite
		f_fault_trials cachewarm write EIO "" db.sqlite
		for k in cachecold cachewarm; do
			f_fault_trials "$k" fsync EIO "" db.sqlite
			f_fault_trials "$k" fsync EIO 1 db.sqlite
		done
	fi
	f_time "cache faults"
fi
f_part readonly && f_readonly
f_part stdout && f_stdout_full
if f_part concurrent; then
	f_concurrent 2
	[ -n "$f_full" ] && f_concurrent 4
	f_time "read-only, stdout and concurrent runs"
fi

echo "faults: $f_trials trials, $f_losses losses ($(($(date +%s) - f_t0)) s)"
if [ -n "$f_alone" ]; then
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi
