#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The runtime oracle: compile each case in tests/oracle/cases against the
# uaccess model, drive its entry points under every fault schedule up to
# a bound with each form of the return-to-user check (the generic wrapper
# check, and the TIF_FSCHECK flag in arm64's and in x86's placement), and
# check that the analyzer's ds-leak verdict on each entry point agrees
# with what actually reached user mode.  See tests/oracle/README.md.
#
#   bash tests/oracle/run.sh [CASE.c ...]
#
# Environment: ADDRLIMIT (the analyzer; default: addrlimit at the top of
# this checkout), CC (gcc), ORACLE_JOBS (parallel cases; default nproc),
# ORACLE_FAULTS / ORACLE_CALLS (fault bound: failures per schedule,
# fallible calls considered; default 2 and 32), ORACLE_VERBOSE=1 (print
# each entry point's witness), ORACLE_KEEP=1 (keep the work directory).
#
# Output: one `ok - NAME` or `not ok - NAME: reason` per case, then an
# `oracle: known disagreement, not counted - NAME: ...` line per case
# marked known-disagreement, then `oracle: N executed, N agree, N
# disagree`.  Exit 1 on a disagreement, a build failure or a model that
# fails its self-test.

set -u
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
ADDRLIMIT=${ADDRLIMIT:-$top/addrlimit}
CC=${CC:-gcc}
jobs=${ORACLE_JOBS:-$(nproc 2>/dev/null || echo 2)}
verbose=${ORACLE_VERBOSE:-0}

work=$(mktemp -d "${TMPDIR:-/tmp}/addrlimit-oracle.XXXXXX") || exit 2
cleanup() { [ "${ORACLE_KEEP:-0}" = 1 ] && echo "# kept $work" >&2 || rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ $# -gt 0 ]; then
	cases=()
	for c in "$@"; do cases+=("$(cd "$(dirname "$c")" && pwd)/$(basename "$c")"); done
else
	cases=("$here"/cases/*.c)
fi

MODEL_CFLAGS="-std=gnu11 -O1 -fPIE -fno-strict-aliasing -Wall -Wextra -Wno-unused-parameter"
CASE_CFLAGS="-std=gnu11 -O0 -fPIE -fno-strict-aliasing -Wall -Wno-unused-function
	-Wno-unused-variable -Wno-unused-but-set-variable -Wno-unused-label
	-Werror=implicit-function-declaration -Werror=incompatible-pointer-types
	-Werror=int-conversion -Werror=return-type"
FORMS="1 2 3"
FORM_NAME=([1]="generic wrapper check" [2]="TIF_FSCHECK check in the exit-work loop (arm64 placement)"
	[3]="TIF_FSCHECK check before the exit work (x86 placement)")

# ---- the model, once per check form --------------------------------------

build_model() {
	local f pids=() rc=0
	for f in 0 $FORMS; do
		{ $CC $MODEL_CFLAGS -DORACLE_FORM=$f -I"$here/include" -I"$here" \
			-c "$here/model.c" -o "$work/model.$f.o" &&
		  $CC $MODEL_CFLAGS -DORACLE_FORM=$f -I"$here" \
			-c "$here/driver.c" -o "$work/driver.$f.o"; } &
		pids+=($!)
	done
	$CC $MODEL_CFLAGS -I"$here" -c "$here/oracle_os.c" -o "$work/os.o" || rc=1
	for f in "${pids[@]}"; do wait "$f" || rc=1; done
	return $rc
}

# The model against the kernel semantics it claims, in every form
# (form 0 included: its leak must go unnoticed).  Silent when it passes.
selftest_model() {
	local f out pids=()
	for f in 0 $FORMS; do
		$CC $MODEL_CFLAGS -pie -DORACLE_FORM=$f -I"$here/include" -I"$here" "$here/selftest.c" \
			"$work/model.$f.o" "$work/os.o" -o "$work/selftest.$f" 2>"$work/selftest.$f.err" &
		pids+=($!)
	done
	for f in 0 $FORMS; do
		wait "${pids[0]}" || {
			echo "the self-test does not build: $(grep -m1 error "$work/selftest.$f.err")"; return 1; }
		pids=("${pids[@]:1}")
		out=$("$work/selftest.$f" 2>&1) || { echo "$out" | tr '\n' ' '; return 1; }
	done
}

# The analyzer's check ids, to know which expectations it can be held to.
analyzer_checks=
checks_ok=0

# ---- per case ------------------------------------------------------------

# Designated initialisers of the ops structs we can drive:
#   TYPE VAR FIELD FUNC
ops_rows() {
	awk '
	function scan(s,    d, n, w, f, fn) {
		while (match(s, /\.[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*&?[ \t]*[A-Za-z_][A-Za-z0-9_]*/)) {
			d = substr(s, RSTART + 1, RLENGTH - 1)
			s = substr(s, RSTART + RLENGTH)
			gsub(/[=&]/, " ", d)
			n = split(d, w, /[ \t]+/)
			f = w[1]; fn = w[n]
			print type, var, f, fn
		}
	}
	{
		line = $0
		if (!inops && match(line, /struct[ \t]+(file_operations|proc_ops|device_attribute)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*(\[[^]]*\])?[ \t]*=[ \t]*\{/)) {
			m = substr(line, RSTART, RLENGTH)
			gsub(/[=\{\[\]]/, " ", m)
			split(m, w, /[ \t]+/)
			type = w[2]; var = w[3]
			line = substr(line, RSTART)
			inops = 1; depth = 0
		}
		if (inops) {
			scan(line)
			o = gsub(/\{/, "{", line); c = gsub(/\}/, "}", line)
			depth += o - c
			if (depth <= 0) inops = 0
		}
	}' "$1"
}

# DEVICE_ATTR*(...) declarations:  FUNC FIELD dev_attr_NAME
attr_rows() {
	grep -oE 'DEVICE_ATTR(_RW|_RO|_WO|_ADMIN_RW)?\([^)]*\)' "$1" | while IFS= read -r m; do
		local kind=${m%%(*} args=${m#*(}
		args=${args%)}
		args=$(echo "$args" | tr -d ' \t')
		local name=${args%%,*}
		case $kind in
		DEVICE_ATTR_RW|DEVICE_ATTR_ADMIN_RW)
			echo "${name}_show show dev_attr_$name"; echo "${name}_store store dev_attr_$name" ;;
		DEVICE_ATTR_RO) echo "${name}_show show dev_attr_$name" ;;
		DEVICE_ATTR_WO) echo "${name}_store store dev_attr_$name" ;;
		DEVICE_ATTR)
			local show store
			show=$(echo "$args" | cut -d, -f3); store=$(echo "$args" | cut -d, -f4)
			[ -n "$show" ] && [ "$show" != NULL ] && echo "$show show dev_attr_$name"
			[ -n "$store" ] && [ "$store" != NULL ] && echo "$store store dev_attr_$name" ;;
		esac
	done
}

route_of_field() {	# TYPE FIELD -> ROUTE PROC
	case "$1:$2" in
	file_operations:read|proc_ops:proc_read) echo "OR_READ" ;;
	file_operations:write|proc_ops:proc_write) echo "OR_WRITE" ;;
	file_operations:unlocked_ioctl|proc_ops:proc_ioctl) echo "OR_IOCTL" ;;
	file_operations:compat_ioctl|proc_ops:proc_compat_ioctl) echo "OR_COMPAT_IOCTL" ;;
	file_operations:open|proc_ops:proc_open) echo "OR_OPEN" ;;
	file_operations:release|proc_ops:proc_release) echo "OR_RELEASE" ;;
	file_operations:llseek|proc_ops:proc_lseek) echo "OR_LLSEEK" ;;
	device_attribute:show) echo "OR_ATTR_SHOW" ;;
	device_attribute:store) echo "OR_ATTR_STORE" ;;
	*) return 1 ;;
	esac
}

# Parameter classes of a plain sys_* function, from gcc -aux-info.
plain_args() {	# AUXFILE NAME
	local proto
	proto=$(grep -E "[ *]$2 \(" "$1" | grep ':NF \*/' | head -1)
	[ -n "$proto" ] || proto=$(grep -E "[ *]$2 \(" "$1" | head -1)
	[ -n "$proto" ] || return 1
	proto=${proto#*"$2 ("}
	proto=${proto%%); /\**}
	echo "$proto" | awk '{
		s = $0; depth = 0; cur = ""; out = ""
		if (s == "void") { print ""; exit }
		for (i = 1; i <= length(s); i++) {
			ch = substr(s, i, 1)
			if (ch == "(") depth++
			if (ch == ")") depth--
			if (ch == "," && depth == 0) { out = out cls(cur); cur = ""; continue }
			cur = cur ch
		}
		out = out cls(cur)
		print out
	}
	function cls(p) { return (p ~ /[*[(]/) ? "p" : "i" }'
}

c_escape_path() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }

# Everything for one case; writes $dir/verdict (first line "ok", "not ok: ...",
# "known: ...", "build: ...") and $dir/notes (comment lines).
do_case() {
	local case=$1 name dir
	name=$(basename "$case" .c)
	dir="$work/case/$name"
	mkdir -p "$dir"
	: >"$dir/notes"
	local verdict
	verdict=$(case_body "$case" "$name" "$dir" 2>"$dir/stderr")
	[ -n "$verdict" ] || verdict="build: the runner failed on this case: $(head -c 300 "$dir/stderr" | tr '\n' ' ')"
	printf '%s\n' "$verdict" >"$dir/verdict"
}

note() { printf '# %s\n' "$*" >>"$dir/notes"; }

case_body() {
	local case=$1 name=$2 dir=$3
	local entries=() values=() strings=() files=() configs=() infeasible='' known='' userptr=0
	local ann kw rest bad=''

	# ---- annotations
	while IFS= read -r ann; do
		ann=${ann#/\* oracle: }
		ann=${ann%\*/}
		ann=$(echo "$ann" | sed 's/[[:space:]]*$//')
		kw=${ann%% *}
		rest=${ann#"$kw"}
		rest=${rest# }
		case $kw in
		entry) entries+=("$rest") ;;
		values) for v in $rest; do values+=("$v"); done ;;
		string) strings+=("$rest") ;;
		file) files+=("$rest") ;;
		config) configs+=("$rest") ;;
		infeasible) infeasible=$rest ;;
		known-disagreement) known=$rest ;;
		user-ptr) userptr=1 ;;
		*) bad="unknown annotation 'oracle: $kw'" ;;
		esac
	done < <(grep -oE '/\* oracle: [^*]*\*/' "$case")
	if [ -n "$bad" ]; then echo "not ok: $bad"; return; fi
	if [ ${#entries[@]} -eq 0 ]; then echo "not ok: no 'oracle: entry NAME' line"; return; fi

	# ---- configurations: explicit lines, or every subset of the CONFIG_ symbols tested
	if [ ${#configs[@]} -eq 0 ]; then
		local syms
		syms=$(grep -oE '^[[:space:]]*#[[:space:]]*(if|ifdef|ifndef|elif).*' "$case" |
			grep -oE 'CONFIG_[A-Za-z0-9_]+' | sort -u)
		local nsyms
		nsyms=$(printf '%s' "$syms" | grep -c . || true)
		if [ "$nsyms" -gt 4 ]; then
			echo "not ok: $nsyms CONFIG_ symbols; list the configurations with 'oracle: config' lines"
			return
		fi
		local -a sa
		read -r -a sa <<<"$(printf "%s " $syms)"
		local mask
		for ((mask = 0; mask < (1 << nsyms); mask++)); do
			local flags="" i
			for ((i = 0; i < nsyms; i++)); do
				((mask & (1 << i))) && flags+=" -D${sa[i]}=1"
			done
			configs+=("$flags")
		done
	fi

	# ---- how user space reaches each entry point
	ops_rows "$case" >"$dir/ops"
	attr_rows "$case" >"$dir/attrs"
	local gen="$dir/entries.h" n=0 e row type var field route sysname proc
	: >"$gen"
	local table=""
	for e in "${entries[@]}"; do
		route=
		row=$(awk -v f="$e" '$4 == f { print; exit }' "$dir/ops")
		if [ -n "$row" ]; then
			read -r type var field _ <<<"$row"
			route=$(route_of_field "$type" "$field") || {
				echo "not ok: $e is .$field of a struct $type, which the oracle cannot call"; return; }
			proc=0; [ "$type" = proc_ops ] && proc=1
			table+="	{ \"$e\", $route, &$var, $proc, NULL, NULL, NULL },"$'\n'
		elif row=$(awk -v f="$e" '$1 == f { print; exit }' "$dir/attrs") && [ -n "$row" ]; then
			read -r _ field var <<<"$row"
			route=$(route_of_field device_attribute "$field")
			table+="	{ \"$e\", $route, &$var, 0, NULL, NULL, NULL },"$'\n'
		elif [[ $e =~ ^(compat_)?sys_([A-Za-z0-9_]+)$ ]]; then
			sysname=${BASH_REMATCH[2]}
			local prefix=""; [ -n "${BASH_REMATCH[1]}" ] && prefix=COMPAT_
			if grep -qE "(^|[^A-Z_])${prefix}SYSCALL_DEFINE[0-6][[:space:]]*\([[:space:]]*${sysname}[[:space:]]*[,)]" "$case"; then
				table+="	{ \"$e\", OR_SYSCALL, NULL, 0, &__oracle_sc_$e, NULL, NULL },"$'\n'
			else
				# shellcheck disable=SC2086
				if ! $CC -fsyntax-only ${configs[0]} -I"$here/include" -aux-info "$dir/aux" "$case" 2>"$dir/aux.err"; then
					echo "build: $(grep -m1 'error' "$dir/aux.err" || head -1 "$dir/aux.err")"; return
				fi
				local cls
				cls=$(plain_args "$dir/aux" "$e") || { echo "not ok: cannot find the definition of $e"; return; }
				cat >>"$gen" <<-EOF
				static long __oracle_plain_$e(const unsigned long *a)
				{
					typedef long (*fn6)(unsigned long, unsigned long, unsigned long,
							    unsigned long, unsigned long, unsigned long);
					ADDR_LIMIT_CHECK_PRE();
					long ret = ((fn6)(void (*)(void))$e)(a[0], a[1], a[2], a[3], a[4], a[5]);
					ADDR_LIMIT_CHECK_POST();
					return ret;
				}
				EOF
				table+="	{ \"$e\", OR_PLAIN_SYSCALL, NULL, 0, NULL, __oracle_plain_$e, \"$cls\" },"$'\n'
			fi
		else
			echo "not ok: cannot tell how user space reaches $e (not in an ops initialiser, a DEVICE_ATTR or a sys_* name)"
			return
		fi
		n=$((n + 1))
	done
	{
		echo "static const struct oracle_entry oracle_entries[] = {"
		printf '%s' "$table"
		echo "};"
		echo "static const unsigned long oracle_values[] = {"
		local v
		for v in ${values[@]+"${values[@]}"}; do echo "	(unsigned long)($v),"; done
		echo "	0 };"
		echo "static const char *const oracle_strings[] = {"
		echo "	\"1\\n\","
		for v in ${strings[@]+"${strings[@]}"}; do echo "	$v,"; done
		echo "};"
		echo "static const size_t oracle_string_lens[] = {"
		echo "	sizeof(\"1\\n\") - 1,"
		for v in ${strings[@]+"${strings[@]}"}; do echo "	sizeof($v) - 1,"; done
		echo "};"
		echo "static const struct oracle_file oracle_files[] = {"
		for v in ${files[@]+"${files[@]}"}; do
			if [[ $v =~ ^(\"[^\"]*\")[[:space:]]+(.*)$ ]]; then
				echo "	{ ${BASH_REMATCH[1]}, ${BASH_REMATCH[2]}, sizeof(${BASH_REMATCH[2]}) - 1 },"
			else
				echo "not ok: 'oracle: file' wants \"PATH\" \"CONTENT\"" >&3
			fi
		done
		echo "	{ NULL, NULL, 0 } };"
		echo "const struct oracle_case oracle_case = {"
		echo "	oracle_entries, $n,"
		echo "	oracle_values, ${#values[@]},"
		echo "	oracle_strings, oracle_string_lens, $((1 + ${#strings[@]})),"
		echo "	oracle_files, ${#files[@]},"
		echo "};"
	} >>"$gen" 3>"$dir/generr"
	if [ -s "$dir/generr" ]; then head -1 "$dir/generr"; return; fi
	printf '#include "%s"\n#include "model.h"\n#include "entries.h"\n' "$(c_escape_path "$case")" >"$dir/harness.c"

	# ---- build and run: every configuration, both forms
	# A configuration that does not compile is not a kernel anyone runs:
	# it is skipped (and said so), unless none compiles.
	local ci cfg f out built=() nbuilt=0 firsterr=
	for ((ci = 0; ci < ${#configs[@]}; ci++)); do
		cfg=${configs[$ci]}
		built[$ci]=0
		for f in $FORMS; do
			out="$dir/out.$ci.$f"
			# shellcheck disable=SC2086
			if ! $CC $CASE_CFLAGS -DORACLE_FORM=$f $cfg -I"$here/include" -I"$here" -I"$dir" \
				-c "$dir/harness.c" -o "$dir/h.$ci.$f.o" 2>"$dir/cc.$ci.$f"; then
				local err
				err=$(grep -m1 -E 'error|undefined' "$dir/cc.$ci.$f" | sed "s|$dir/||g; s|$(dirname "$case")/||g")
				[ -n "$firsterr" ] || firsterr="${cfg:+[${cfg# }] }$err"
				[ -n "$cfg" ] && note "configuration [${cfg# }] does not compile; skipped: $err"
				continue 2
			fi
			if ! $CC -pie -o "$dir/bin.$ci.$f" "$dir/h.$ci.$f.o" "$work/model.$f.o" \
				"$work/driver.$f.o" "$work/os.o" 2>"$dir/ld.$ci.$f"; then
				echo "build: link: $(grep -m1 -E 'undefined|error' "$dir/ld.$ci.$f")"
				return
			fi
			"$dir/bin.$ci.$f" >"$out" 2>"$dir/run.$ci.$f.err"
			if grep -q '^fatal' "$out" || ! grep -q '^form' "$out"; then
				echo "not ok: the oracle could not run: $(grep -m1 '^fatal' "$out" || head -c 200 "$dir/run.$ci.$f.err")"
				return
			fi
			rm -f "$dir/bin.$ci.$f" "$dir/h.$ci.$f.o"
		done
		built[$ci]=1
		nbuilt=$((nbuilt + 1))
	done
	if [ $nbuilt -eq 0 ]; then
		echo "build: $firsterr"
		return
	fi

	# ---- the oracle's observation per entry point
	# leak: the limit was raised on the way back to user mode, whether a
	# check caught it or not.  Every form must see the same leaks; a form
	# whose check let one through is worth saying.
	local problems=() oleak=() okptr=0 k
	for k in "${!entries[@]}"; do
		e=${entries[$k]}
		local leak=0
		for ((ci = 0; ci < ${#configs[@]}; ci++)); do
			[ "${built[$ci]}" = 1 ] || continue
			local cfgtag=${configs[$ci]:+ [${configs[$ci]# }]} line first='' seen='' summary=''
			for f in $FORMS; do
				line=$(grep -m1 "^entry $e " "$dir/out.$ci.$f")
				if [ -z "$line" ]; then
					problems+=("no oracle result for $e in form $f"); continue
				fi
				local l=${line#* leak=}
				l=${l%% *}
				[ -n "$first" ] || first=$l
				[ "$l" = "$first" ] || seen=inconsistent
				[ "$l" = 1 ] && leak=1
				if [[ $line == *" errors="[1-9]* ]]; then
					problems+=("the model failed while driving $e (form $f): $(grep -m1 "^error $e " "$dir/out.$ci.$f" | cut -d' ' -f3-)")
				fi
				[[ $line == *" capped=1"* ]] && note "$e$cfgtag: run bound reached in form $f; not every schedule ran"
				[[ $line == *" kptr=1"* ]] && okptr=1
				if [[ $line == *" missed=1"* ]]; then
					note "$e$cfgtag: the ${FORM_NAME[$f]} let a leak reach user mode: $(grep -m1 "^witness $e " "$dir/out.$ci.$f" | cut -d' ' -f3-)"
				fi
				summary+="${summary:+; }form $f: ${line#entry $e }"
			done
			[ -z "$seen" ] || problems+=("model inconsistent on $e$cfgtag: the forms disagree on whether it leaks ($summary)")
			if [ "$verbose" = 1 ]; then
				local w
				w=$(grep -m1 "^witness $e " "$dir/out.$ci.2" | cut -d' ' -f3-)
				[ -n "$w" ] && note "$e$cfgtag leaks: $w"
				w=$(grep -m1 "^kwitness $e " "$dir/out.$ci.2" | cut -d' ' -f3-)
				[ -n "$w" ] && note "$e$cfgtag touches the kernel arena through a user pointer: $w"
				note "$e$cfgtag: $summary"
			fi
		done
		oleak[$k]=$leak
	done
	if [ ${#problems[@]} -gt 0 ]; then
		local IFS='; '
		echo "not ok: ${problems[*]}"
		return
	fi

	# ---- the analyzer
	"$ADDRLIMIT" "$case" >"$dir/analyzer" 2>"$dir/analyzer.err"
	local arc=$?
	if [ $arc -gt 1 ]; then
		echo "not ok: the analyzer failed (exit $arc): $(head -c 200 "$dir/analyzer.err" | tr '\n' ' ')"
		return
	fi
	local aleak=() reasons=()
	for k in "${!entries[@]}"; do
		e=${entries[$k]}
		if grep -E '\[ds-leak\]$' "$dir/analyzer" | grep -qF "'$e'"; then aleak[$k]=1; else aleak[$k]=0; fi
	done
	# ds-leak for an entry point the oracle does not drive
	local named
	for named in $(grep -E '^[^:]+:[0-9]+:[0-9]+: (error|warning): .*\[ds-leak\]$' "$dir/analyzer" |
			sed -nE "s/^[^']*'([A-Za-z_][A-Za-z0-9_]*)'.*/\1/p" | sort -u); do
		local found=0
		for e in "${entries[@]}"; do [ "$e" = "$named" ] && found=1; done
		[ $found = 1 ] || reasons+=("the analyzer reports ds-leak for $named, which no 'oracle: entry' line drives")
	done
	local disagree=() agreeing=1
	for k in "${!entries[@]}"; do
		e=${entries[$k]}
		if [ "${aleak[$k]}" != "${oleak[$k]}" ]; then
			if [ "${aleak[$k]}" = 1 ] && [ -n "$infeasible" ]; then
				note "$e: ds-leak reported; the bounded driver cannot reach it (infeasible: $infeasible)"
				continue
			fi
			agreeing=0
			if [ "${oleak[$k]}" = 1 ]; then
				disagree+=("$e leaks at run time but the analyzer reports no ds-leak (witness: $(grep -m1 "^witness $e " "$dir"/out.*.2 | head -1 | cut -d' ' -f3-))")
			else
				disagree+=("the analyzer reports ds-leak for $e but no run of the oracle leaked")
			fi
		elif [ "${oleak[$k]}" = 0 ] && [ "${aleak[$k]}" = 0 ] && [ -n "$infeasible" ]; then
			:
		elif [ -n "$infeasible" ] && [ "${oleak[$k]}" = 1 ]; then
			note "$e: marked infeasible, but the oracle reached the leak; drop the marker"
		fi
	done

	# user-controlled pointer into the kernel arena: compared only when asked and supported
	if [ "$userptr" = 1 ]; then
		if [ $checks_ok = 1 ] && grep -qx 'user-ptr-kernel-ds' <<<"$analyzer_checks"; then
			local ak=0
			grep -qE '\[user-ptr-kernel-ds\]$' "$dir/analyzer" && ak=1
			if [ "$ak" != "$okptr" ]; then
				agreeing=0
				if [ "$okptr" = 1 ]; then
					disagree+=("a user pointer reached the kernel arena at run time but the analyzer reports no user-ptr-kernel-ds")
				else
					disagree+=("the analyzer reports user-ptr-kernel-ds but no run touched the kernel arena through a user pointer")
				fi
			fi
		else
			note "user pointer into the kernel arena: $([ $okptr = 1 ] && echo observed || echo not observed) (not compared: the analyzer has no user-ptr-kernel-ds yet)"
		fi
	fi

	# expectations the analyzer can be held to
	if [ $checks_ok = 1 ]; then
		grep -nE '/\* expect: [^*]*\*/' "$case" | while IFS= read -r l; do
			local ln=${l%%:*} ids
			ids=$(grep -oE '/\* expect: [^*]*\*/' <<<"$l" | sed -E 's|/\* expect: ||; s|[[:space:]]*\*/||' | tr ',' ' ')
			for id in $ids; do grep -qx "$id" <<<"$analyzer_checks" && echo "$ln:$id"; done
		done | sort -u >"$dir/expected"
		# (a return folded into an earlier one of the same raise is its
		# "same cause" note)
		grep -E '^[^:]+:[0-9]+:[0-9]+: (error|warning|note: same cause): .*\[[a-z0-9-]+\]$' \
			"$dir/analyzer" |
			sed -E 's/^[^:]+:([0-9]+):[0-9]+: [a-z]+: .*\[([a-z0-9-]+)\]$/\1:\2/' | sort -u >"$dir/reported"
		local miss extra
		miss=$(comm -23 "$dir/expected" "$dir/reported" | tr '\n' ' ')
		extra=$(comm -13 "$dir/expected" "$dir/reported" | tr '\n' ' ')
		[ -n "$miss" ] && reasons+=("expected but not reported: ${miss% }")
		[ -n "$extra" ] && reasons+=("reported but not expected: ${extra% }")
	fi

	local IFS='; '
	if [ -n "$known" ]; then
		if [ $agreeing = 1 ] && [ ${#reasons[@]} -eq 0 ]; then
			echo "known-fixed: $known"
		else
			echo "known: $known [now: ${disagree[*]}${disagree[*]:+${reasons[*]:+; }}${reasons[*]}]"
		fi
		return
	fi
	if [ ${#disagree[@]} -gt 0 ]; then
		echo "not ok: ${disagree[*]}${reasons[*]:+; ${reasons[*]}}"
	elif [ ${#reasons[@]} -gt 0 ]; then
		echo "mismatch: ${reasons[*]}"
	else
		echo "ok"
	fi
}

# ---- main ------------------------------------------------------------------

if [ ! -x "$ADDRLIMIT" ]; then
	echo "not ok - oracle: no analyzer at $ADDRLIMIT (build it with make, or set ADDRLIMIT)"
	echo "oracle: 0 executed, 0 agree, 0 disagree"
	exit 1
fi
if analyzer_checks=$("$ADDRLIMIT" --list-checks 2>/dev/null | awk '{ print $1 }'); then
	checks_ok=1
fi
if ! build_model 2>"$work/model.err"; then
	echo "not ok - oracle-model: the model does not build: $(grep -m1 error "$work/model.err")"
	echo "oracle: 0 executed, 0 agree, 0 disagree"
	exit 1
fi

if ! why=$(selftest_model); then
	echo "not ok - oracle-model-selftest: $why"
	echo "oracle: 0 executed, 0 agree, 0 disagree"
	exit 1
fi

for c in "${cases[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	do_case "$c" &
done
wait

executed=0 agree=0 ndisagree=0 failed=0 nknown=0
knowns=()
for c in "${cases[@]}"; do
	name=$(basename "$c" .c)
	dir="$work/case/$name"
	v=$(head -1 "$dir/verdict" 2>/dev/null || echo "build: no verdict")
	case $v in
	ok)
		executed=$((executed + 1)); agree=$((agree + 1))
		echo "ok - $name" ;;
	known-fixed:*)
		executed=$((executed + 1)); agree=$((agree + 1))
		echo "ok - $name # the known disagreement is gone; remove its 'oracle: known-disagreement' line"
		echo "oracle: WARNING: $name now agrees with the analyzer: remove 'oracle: known-disagreement'" >&2 ;;
	known:*)
		executed=$((executed + 1)); nknown=$((nknown + 1))
		knowns+=("oracle: known disagreement, not counted - $name: ${v#known: }")
		knowns+=("$(sed 's/^/    /' "$dir/notes")")
		continue ;;
	build:*)
		failed=$((failed + 1))
		echo "not ok - $name: build failed: ${v#build: }" ;;
	mismatch:*)
		executed=$((executed + 1)); ndisagree=$((ndisagree + 1))
		echo "not ok - $name: ${v#mismatch: }" ;;
	*)
		if grep -q '^form' "$dir"/out.* 2>/dev/null; then
			executed=$((executed + 1)); ndisagree=$((ndisagree + 1))
		else
			failed=$((failed + 1))
		fi
		echo "not ok - $name: ${v#not ok: }" ;;
	esac
	sed 's/^/    /' "$dir/notes" 2>/dev/null
done
if [ $nknown -gt 0 ]; then
	printf '%s\n' "${knowns[@]}" | grep -v '^$'
fi
echo "oracle: $executed executed, $agree agree, $ndisagree disagree"
[ $ndisagree -eq 0 ] && [ $failed -eq 0 ]
