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
#   THRESHOLD=85 WORKERS=2 scripts/mutation.sh ./connector
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
default_pkgs=(./lint/secrets ./lint ./lint/fix ./connector ./squadstate)
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
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work"
mkdir -p "$root/.ci/mutation"

# equivalent PKG FILE LINE KIND: whether docs/mutation.md lists the mutant
# as equivalent (a table row "| PKG | FILE:LINE | KIND | why |").
equivalent() {
  grep -qF "| $1 | $2:$3 | $4 |" "$root/docs/mutation.md" 2>/dev/null
}

status=0
printf '%-16s %7s %6s %12s %9s %10s\n' package killed lived not-covered timed-out efficacy
for pkg in "${pkgs[@]}"; do
  name=${pkg#./}
  out="$root/.ci/mutation/$(echo "$name" | tr / _).json"
  (cd "$work" && "$gremlins" unleash --silent --workers "$workers" --timeout-coefficient "$timeout_coefficient" \
      --coverpkg "github.com/squadci/squadci/$name" -o "$out" "$pkg" >/dev/null 2>&1) || true
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
  printf '%-16s %7s %6s %12s %9s %10s\n' "$name" "$killed" "$lived" "$notcov" "$timedout" "$eff"
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
