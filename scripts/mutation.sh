#!/usr/bin/env bash
# Mutation testing of the packages that guard users' data and trust, with
# gremlins: each mutant (a flipped condition, an off-by-one, a negated
# number...) is compiled into the package and its tests are run; a mutant
# the tests still pass is "lived". Prints killed, lived, not covered and
# efficacy (killed / (killed + lived)) per package, and exits 1 when a
# package is below the threshold (default 90%) unless every lived mutant
# it has is listed as equivalent in docs/mutation.md.
#
#   scripts/mutation.sh                 # the default package set
#   scripts/mutation.sh ./lint/secrets  # some packages
#   scripts/mutation.sh './connector:merge*.go,lock.go'  # some files of one
#   THRESHOLD=85 WORKERS=2 scripts/mutation.sh ./connector
#   DRY_RUN=1 scripts/mutation.sh       # count the mutants, run no tests
#
# PKG:GLOB,... mutates only the package's files that match a glob (its
# tests all still run); the rest of the package's mutants are skipped.
#
# gremlins comes from `go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.5.0`
# (installed into .ci/tools/bin when missing). It runs in a temporary copy
# of the module, so the checkout is never changed, even if it is killed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
threshold=${THRESHOLD:-90}
workers=${WORKERS:-$(nproc 2>/dev/null || echo 2)}
timeout_coefficient=${TIMEOUT_COEFFICIENT:-10}
# The whole of a package where all of it guards data or trust; in lint and
# connector only the baseline and --new-from-rev code and the claims,
# merge, resume and locks (the rest are rules, measured by their fixtures).
default_pkgs=(
  ./lint/secrets
  './lint:baseline.go,baseline_file.go,baseline_write.go,changes.go'
  ./internal/gitstore
  ./lint/fix
  ./internal/atomicfile
  './connector:claim.go,claim_judge.go,poll_claim.go,merge*.go,resume*.go,lock*.go'
  ./squadstate
)
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=("${default_pkgs[@]}")

gremlins=$(command -v gremlins || true)
if [ -z "$gremlins" ]; then
  gremlins="$root/.ci/tools/bin/gremlins"
  if [ ! -x "$gremlins" ]; then
    GOBIN="$root/.ci/tools/bin" go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.5.0
  fi
fi
command -v jq >/dev/null || { echo "mutation.sh needs jq (apt-get install jq)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git ls-files -z | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$work"
dry=()
[ -z "${DRY_RUN:-}" ] || dry=(--dry-run)

# focus DIR GLOBS: make gremlins mutate only DIR's files that match one of
# the comma-separated GLOBS. The copy becomes a git repository whose HEAD
# has those files empty; gremlins' --diff HEAD then takes every line of
# them as changed and skips the rest. (diff.relative, through git's
# environment configuration, names the files relative to DIR, as gremlins
# does.)
focus() {
  local dir=$1 globs=$2 g f n=0
  (cd "$work" && git init -q 2>/dev/null; git add -A && git -c user.name=m -c user.email=m@m commit -qm all --allow-empty)
  IFS=, read -ra g <<< "$globs"
  for pattern in "${g[@]}"; do
    for f in "$work/$dir"/$pattern; do
      [ -f "$f" ] || { echo "mutation.sh: $dir/$pattern matches no file" >&2; return 1; }
      : > "$f"
      n=$((n + 1))
    done
  done
  (cd "$work" && git -c user.name=m -c user.email=m@m commit -qam focus && git checkout -q HEAD~1 -- "$dir")
}
mkdir -p "$root/.ci/mutation"

# equivalent PKG FILE LINE KIND: whether docs/mutation.md lists the mutant
# as equivalent (a table row "| PKG | FILE:LINE | KIND | why |").
equivalent() {
  grep -qF "| $1 | $2:$3 | $4 |" "$root/docs/mutation.md" 2>/dev/null
}

status=0
printf '%-16s %7s %6s %12s %9s %10s\n' package killed lived not-covered timed-out efficacy
for pkg in "${pkgs[@]}"; do
  globs=
  case $pkg in *:*) globs=${pkg#*:}; pkg=${pkg%%:*} ;; esac
  name=${pkg#./}
  out="$root/.ci/mutation/$(echo "$name" | tr / _).json"
  rm -f "$out"
  diff=()
  if [ -n "$globs" ]; then
    focus "$name" "$globs" || { status=1; continue; }
    diff=(--diff HEAD)
  fi
  (cd "$work/${pkg#./}" && GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=diff.relative GIT_CONFIG_VALUE_0=true \
      "$gremlins" unleash --silent "${dry[@]}" "${diff[@]}" --workers "$workers" --timeout-coefficient "$timeout_coefficient" \
      --coverpkg "github.com/squadci/squadci/${pkg#./}" -o "$out" "$work/${pkg#./}" >/dev/null 2>&1) || true
  if [ ! -s "$out" ]; then
    echo "$name: gremlins wrote no results" >&2
    status=1
    continue
  fi
  # Only the package's own files (gremlins names them relative to the
  # package; files of packages below it have a directory in their name).
  own='.files[] | select(.file_name | contains("/") | not)'
  sel="$own | .mutations[]"
  killed=$(jq "[$sel | select(.status == \"KILLED\")] | length" "$out")
  lived=$(jq "[$sel | select(.status == \"LIVED\")] | length" "$out")
  notcov=$(jq "[$sel | select(.status == \"NOT COVERED\")] | length" "$out")
  timedout=$(jq "[$sel | select(.status == \"TIMED OUT\")] | length" "$out")
  eff="n/a"
  if [ $((killed + lived)) -gt 0 ]; then
    eff=$(awk -v k="$killed" -v l="$lived" 'BEGIN { printf "%.1f%%", 100 * k / (k + l) }')
  fi
  label=$name
  [ -z "$globs" ] || label="$name (${globs//,/, })"
  printf '%-16s %7s %6s %12s %9s %10s\n' "$label" "$killed" "$lived" "$notcov" "$timedout" "$eff"
  unexplained=0
  while IFS=$'\t' read -r file line kind; do
    [ -n "$file" ] || continue
    if ! equivalent "$name" "$file" "$line" "$kind"; then
      unexplained=$((unexplained + 1))
      echo "  lived: $name/$file:$line $kind" >&2
    fi
  done < <(jq -r "$own as \$f | \$f.mutations[] | select(.status == \"LIVED\") | [\$f.file_name, .line, .type] | @tsv" "$out")
  if [ $((killed + lived)) -gt 0 ] &&
     awk -v k="$killed" -v l="$lived" -v t="$threshold" 'BEGIN { exit !(100 * k / (k + l) < t) }' &&
     [ "$unexplained" -gt 0 ]; then
    status=1
  fi
done
exit $status
