#!/usr/bin/env bash
# bench.sh — the Performance benchmarks of docs/spec cli.md, side by side in one run.
#
# Builds squadci and the corpus generator, writes the scale-N corpus twice
# (manifests only, and everything), warms the page cache, then reports medians of
# repeated runs:
#   (a) reading the files:      find DIR -type f -print0 | xargs -0 cat > /dev/null
#   (b) whole-repo lint:        squadci lint DIR --format json > /dev/null
#   (c) ajv-cli on the same manifests against docs/schema/manifest.schema.json
#   (d) peak RSS of the whole-repo lint of the full corpus
#   (e) single-file lint:       cd DIR && squadci lint connectors/c-00001.json
#   (f) resume over 10,000 and 20,000 pending tasks (go test -bench BenchmarkResume),
#       beside reading the same files and the state writes a resume must make
#
# Run from anywhere inside the repository; no arguments. Environment:
#   SCALE=2000        corpus scale (manifests, exchanges, agent files)
#   RUNS=10           runs per measurement (the single-file lint uses 2×RUNS)
#   SEED=1            corpus seed
#   SQUADCI_BIN=path  use this binary instead of building ./cmd/squadci (built with
#                     CGO_ENABLED=0, as the README installs it)
#   RESUME=0          skip (f); RESUME_RUNS=3 iterations of each resume benchmark
#   MANIFEST_SCHEMA=path  schema for ajv (default docs/schema/manifest.schema.json)
#   AJV=path          an ajv-cli v5 executable; otherwise npm installs ajv-cli and
#                     ajv-formats into the temporary directory (needs the npm registry)
# Exit status: 0 when every measurement ran (targets are reported, not enforced),
# 1 when a tool failed. Everything is written under one temporary directory,
# removed on exit.
set -euo pipefail

SCALE=${SCALE:-2000}
RUNS=${RUNS:-10}
SEED=${SEED:-1}

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
schema=${MANIFEST_SCHEMA:-$repo/docs/schema/manifest.schema.json}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/squadci-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

log() { printf '%s\n' "$*" >&2; }
die() { log "bench: $*"; exit 1; }

# --- build -------------------------------------------------------------------

if [[ -n ${SQUADCI_BIN:-} ]]; then
  bin=$SQUADCI_BIN
else
  bin=$tmp/squadci
  # Built as the README installs it and the action builds it: without cgo, a
  # static binary, which starts about 3 ms sooner than one linked against libc.
  log "building ./cmd/squadci (CGO_ENABLED=0)"
  CGO_ENABLED=0 go build -o "$bin" ./cmd/squadci || die "go build ./cmd/squadci failed"
fi
go build -o "$tmp/gen" ./testdata/gen || die "go build ./testdata/gen failed"

# --- corpora -----------------------------------------------------------------

man=$tmp/manifests
full=$tmp/full
log "generating the scale-$SCALE corpora"
"$tmp/gen" -scale "$SCALE" -seed "$SEED" -parts manifests -out "$man" 2>/dev/null
"$tmp/gen" -scale "$SCALE" -seed "$SEED" -out "$full" 2>/dev/null
man_files=$(find "$man" -type f | wc -l)
full_files=$(find "$full" -type f | wc -l)

# --- the measured commands (each returns non-zero only on a real failure) -----

read_tree() { find "$1" -type f -print0 | xargs -0 cat >/dev/null; }

# lint exits 1 when it has findings; that still counts as a completed run.
lint_tree() {
  local rc=0
  "$bin" lint "$1" --format json >/dev/null 2>&1 || rc=$?
  ((rc <= 1))
}

# lint_one is the pre-commit case: one staged file, cwd at the repository root.
lint_one() {
  local rc=0 back=$PWD
  cd "$full"
  "$bin" lint connectors/c-00001.json >/dev/null 2>&1 || rc=$?
  cd "$back"
  ((rc <= 1))
}

# lint_staged is the pre-commit hook's case: `lint --staged` with one staged
# manifest in a repository of 10,000 files; git_diff and tool_start are its
# floors measured in the same run (one git process; squadci's own start-up).
lint_staged() {
  local rc=0 back=$PWD
  cd "$staged"
  "$bin" lint --staged >/dev/null 2>&1 || rc=$?
  cd "$back"
  ((rc <= 1))
}
git_diff() { git -C "$staged" diff --cached --name-only -z --diff-filter=ACMR >/dev/null; }
tool_start() { "$bin" version >/dev/null; }

# make_staged_repo builds that repository: 9,995 small files, 5 manifests,
# one manifest changed and staged.
make_staged_repo() {
  local i
  mkdir -p "$staged/connectors"
  for ((i = 0; i < 100; i++)); do mkdir -p "$staged/src/d$i"; done
  for ((i = 1; i <= 9995; i++)); do printf 'file %d\n' "$i" >"$staged/src/d$((i % 100))/f$i.txt"; done
  for ((i = 1; i <= 5; i++)); do
    cp "$man/connectors/c-0000$i.json" "$staged/connectors/"
  done
  git -C "$staged" init -q
  git -C "$staged" -c user.email=bench@example.com -c user.name=bench add -A
  # gc.autoDetach=false: the automatic gc after this commit (10,000 new objects)
  # packs them now, not in the background during the measurements.
  git -C "$staged" -c user.email=bench@example.com -c user.name=bench -c gc.autoDetach=false commit -qm init
  sed -i 's/"version": "[^"]*"/"version": "9.9.9"/' "$staged/connectors/c-00001.json"
  git -C "$staged" add connectors/c-00001.json
}

# ajv exits 1 both for invalid data and for its own errors; ajv_ok tells which
# one to expect (set after the checked run below).
ajv_run() {
  local rc=0
  "$ajv" validate --spec=draft2020 "${ajv_custom[@]}" -s "$schema" -d "$man/connectors/*.json" >/dev/null 2>&1 || rc=$?
  ((rc == 0 || ajv_ok == 0))
}

# --- timing --------------------------------------------------------------------

# median_ms N FUNC ARGS... runs FUNC N times and prints the median wall time in
# ms, read from bash's own microsecond clock (no fork inside the window).
median_ms() {
  local n=$1 i start end
  shift
  local -a samples=()
  for ((i = 0; i < n; i++)); do
    start=${EPOCHREALTIME/[.,]/}
    "$@" || die "$* failed"
    end=${EPOCHREALTIME/[.,]/}
    samples+=($((end - start)))
  done
  printf '%s\n' "${samples[@]}" | sort -n | awk '
    { v[NR] = $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f", m / 1000 }'
}

# hyperfine, when installed, replaces the loop. It runs each function in a bash
# that inherits it (export -f) and subtracts that shell's own start-up time.
if command -v hyperfine >/dev/null 2>&1; then
  median_ms() {
    local n=$1
    shift
    export -f read_tree lint_tree lint_one lint_staged git_diff tool_start ajv_run die log
    export bin full man schema ajv ajv_ok staged
    export ajv_custom_s="${ajv_custom[*]}"
    hyperfine --shell=bash --style none --warmup 1 --runs "$n" --export-json "$tmp/hf.json" \
      "ajv_custom=(\$ajv_custom_s); $*" >/dev/null 2>&1 || die "$* failed under hyperfine"
    sed -n 's/.*"median": *\([0-9.e+-]*\).*/\1/p' "$tmp/hf.json" | head -n 1 |
      awk '{ printf "%.1f", $1 * 1000 }'
  }
  log "timing with hyperfine"
fi

# peak_rss_mb FILE... prints the lint's peak resident set size in MB.
peak_rss_mb() {
  local rc=0 kb
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -f %M -o "$tmp/rss" "$bin" lint "$1" --format json >/dev/null 2>&1 || rc=$?
    ((rc <= 1)) || die "lint $1 failed (exit $rc)"
    kb=$(tail -n 1 "$tmp/rss")
  elif command -v python3 >/dev/null 2>&1; then
    kb=$(python3 -c 'import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
sys.exit(r.returncode) if r.returncode > 1 else print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
      "$bin" lint "$1" --format json) || die "lint $1 failed"
  else
    printf 'n/a'
    return
  fi
  awk -v kb="$kb" 'BEGIN { printf "%.1f", kb / 1024 }'
}

# --- ajv-cli -------------------------------------------------------------------

ajv=${AJV:-}
ajv_custom=(-c ajv-formats) # formats ("email", ...) as a schema author would enable them
ajv_ok=1
ajv_note=""
if [[ ! -f $schema ]]; then
  ajv=""
  ajv_note="skipped: $schema does not exist"
elif [[ -z $ajv ]]; then
  if command -v npm >/dev/null 2>&1; then
    log "installing ajv-cli and ajv-formats into $tmp/node"
    if npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$tmp/node" \
      ajv-cli@5 ajv-formats >/dev/null 2>&1; then
      ajv=$tmp/node/node_modules/.bin/ajv
    else
      ajv_note="skipped: npm install ajv-cli failed"
    fi
  else
    ajv_note="skipped: npm is not installed"
  fi
fi

# --- warm up and check -----------------------------------------------------------

# The corpora were just written: flush them first, so the kernel's writeback
# does not run during the measurements (it doubled the short ones here).
log "flushing writes, warming the cache"
sync
read_tree "$man"
read_tree "$full"
count_findings() {
  local rc=0
  "$bin" lint "$1" --format json >"$tmp/lint.json" 2>"$tmp/lint.err" || rc=$?
  ((rc <= 1)) || { cat "$tmp/lint.err" >&2; die "squadci lint $1 exited $rc"; }
  # "counts": {"error": N, "warning": N, "note": N} — no jq needed.
  tr -d ' \n' <"$tmp/lint.json" | sed -n 's/.*"counts":{"error":\([0-9]*\),"warning":\([0-9]*\),"note":\([0-9]*\)}.*/\1 errors, \2 warnings, \3 notes/p'
}
man_findings=$(count_findings "$man")
full_findings=$(count_findings "$full")
if [[ -n $ajv ]]; then
  rc=0
  "$ajv" validate --spec=draft2020 "${ajv_custom[@]}" -s "$schema" -d "$man/connectors/*.json" \
    >"$tmp/ajv.out" 2>&1 || rc=$?
  if ((rc != 0)) && grep -q 'Cannot find module' "$tmp/ajv.out"; then
    ajv_custom=() # a caller-supplied ajv without ajv-formats beside it
    rc=0
    "$ajv" validate --spec=draft2020 -s "$schema" -d "$man/connectors/*.json" >"$tmp/ajv.out" 2>&1 || rc=$?
  fi
  if ((rc != 0)) && grep -q ' invalid$' "$tmp/ajv.out"; then
    ajv_ok=0
    ajv_note="ajv rejects $(grep -c ' invalid$' "$tmp/ajv.out") generated manifests: the schema and the generator disagree"
    grep -m 3 -A 8 ' invalid$' "$tmp/ajv.out" >&2 || true
  elif ((rc != 0)); then
    ajv_note="skipped: ajv failed: $(head -n 3 "$tmp/ajv.out")"
    ajv=""
  fi
fi

# --- measure ---------------------------------------------------------------------

log "measuring: $RUNS runs each"
read_man=$(median_ms "$RUNS" read_tree "$man")
lint_man=$(median_ms "$RUNS" lint_tree "$man")
read_full=$(median_ms "$RUNS" read_tree "$full")
lint_full=$(median_ms "$RUNS" lint_tree "$full")
ajv_ms=""
[[ -z $ajv ]] || ajv_ms=$(median_ms "$RUNS" ajv_run)
rss=$(peak_rss_mb "$full")
single=$(median_ms $((RUNS * 2)) lint_one)
staged=$tmp/staged
make_staged_repo
sync # its 10,000 new files, flushed before the timing starts
staged_ms=$(median_ms $((RUNS * 2)) lint_staged)
git_ms=$(median_ms $((RUNS * 2)) git_diff)
start_ms=$(median_ms $((RUNS * 2)) tool_start)

# --- report ----------------------------------------------------------------------

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else printf "n/a" }'; }

printf '\nsquadci benchmark: scale %s, seed %s, median of %s runs, warm cache, %s CPUs, %s\n\n' \
  "$SCALE" "$SEED" "$RUNS" "$(nproc 2>/dev/null || echo '?')" "$(go env GOVERSION)"
printf '%-28s %7s %10s %10s %10s  %s\n' "measurement" "files" "read ms" "lint ms" "lint/read" "target"
printf '%-28s %7s %10s %10s %10s  %s\n' "manifests only" "$man_files" "$read_man" "$lint_man" "$(ratio "$lint_man" "$read_man")" "≤ 2×"
printf '%-28s %7s %10s %10s %10s  %s\n' "full corpus" "$full_files" "$read_full" "$lint_full" "$(ratio "$lint_full" "$read_full")" "≤ 2×"
if [[ -n $ajv_ms ]]; then
  printf '%-28s %7s %10s %10s %10s  %s\n' "ajv-cli, same manifests" "$SCALE" "$ajv_ms" "$lint_man" "$(ratio "$ajv_ms" "$lint_man")" "ajv/lint ≥ 5×"
fi
printf '%-28s %7s %10s %10s %10s  %s\n' "peak RSS, full lint (MB)" "" "" "$rss" "" "≤ 150 MB"
printf '%-28s %7s %10s %10s %10s  %s\n' "single-file lint" "1" "" "$single" "" "≤ 30 ms"
printf '%-28s %7s %10s %10s %10s  %s\n' "lint --staged, 1 of 10,000" "10000" "" "$staged_ms" "" "≤ 30 ms"
printf '  floors in this run: one git process (git diff --cached) %s ms; squadci start-up (squadci version) %s ms\n' "$git_ms" "$start_ms"
printf '\nlint findings: manifests %s; full %s (the generated corpus is the clean case)\n' \
  "${man_findings:-?}" "${full_findings:-?}"
[[ -z $ajv_note ]] || printf 'ajv-cli: %s\n' "$ajv_note"

# --- resume ------------------------------------------------------------------------

# BenchmarkResume writes 10,000 and 20,000 pending tasks (40% valid results, 10%
# invalid ones, 10% past their deadline, 40% still awaiting: every task is written)
# and times, in one process: reading every file of the tree (the floor of any
# resume), the writes a resume must make and nothing else (each task's lock taken
# and dropped, its state replaced atomically with fsyncs), and the resume itself.
# Its files go under this script's temporary directory.
if [[ ${RESUME:-1} != 0 ]]; then
  log "measuring resume: go test -bench BenchmarkResume, ${RESUME_RUNS:-3} runs each"
  TMPDIR=$tmp go test ./cmd/squadci -run '^$' -bench '^BenchmarkResume$' -benchtime "${RESUME_RUNS:-3}x" \
    >"$tmp/resume.bench" 2>&1 || { cat "$tmp/resume.bench" >&2; die "BenchmarkResume failed"; }
  printf '\n%-28s %7s %10s %10s %10s %12s  %s\n' "resume (mean of runs)" "tasks" "read ms" "writes ms" "resume ms" "resume/read" "target"
  awk '
    /^BenchmarkResume\// {
      split($1, p, "/"); kind = p[2]; n = p[3]; sub(/^tasks=/, "", n); sub(/-[0-9]+$/, "", n)
      ms[kind, n] = $3 / 1e6; tasks[n] = 1
    }
    END {
      for (n in tasks) order[++k] = n + 0
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (order[j] < order[i]) { t = order[i]; order[i] = order[j]; order[j] = t }
      for (i = 1; i <= k; i++) {
        n = order[i]; r = ms["resume", n]
        target = (n == 10000) ? "≤ 5000 ms" : sprintf("≤ 2.2× the 10,000 run (%.0f ms)", 2.2 * ms["resume", 10000])
        printf "%-28s %7d %10.0f %10.0f %10.0f %11.2f×  %s\n", "", n, ms["read", n], ms["writes", n], r, r / ms["read", n], target
      }
    }' "$tmp/resume.bench"
fi
