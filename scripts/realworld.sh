#!/usr/bin/env bash
# realworld.sh — lint repositories you have checked out and count what squadci says.
#
#   bash scripts/realworld.sh DIR...
#
# Each DIR is linted as its own repository root (`squadci lint DIR`, every rule at its
# default severity, the root's own .squadci.yml). For each root it prints the files
# checked, the squad-state profile squadci chose (when this squadci reports one), then
# errors, warnings and notes per rule; last, the same per rule over all roots. Use it to
# rerun a measurement such as the ones in the project's notes over the trees you have.
#
# Environment: SQUADCI_BIN=path uses that binary instead of building ./cmd/squadci.
# Exit status: 0 when every root was linted (findings do not change it), 2 on a usage
# error (no DIR, or one that is not a directory), 1 when squadci itself failed.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: bash scripts/realworld.sh DIR..." >&2
  exit 2
fi
for dir in "$@"; do
  [ -d "$dir" ] || { echo "realworld.sh: $dir: not a directory" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${SQUADCI_BIN:-}
if [ -z "$bin" ]; then
  bin="$work/squadci"
  (cd "$(dirname "$0")/.." && CGO_ENABLED=0 go build -o "$bin" ./cmd/squadci)
fi

# counts FILE: "RULE SEVERITY" per finding of a JSON Lines report. The rule and the
# severity are the first two string members of each object, before any message text.
counts() {
  sed -n 's/^{"rule":"\([^"]*\)","name":"[^"]*","severity":"\([a-z]*\)".*/\1 \2/p' "$1"
}

# table: rule, errors, warnings, notes from "RULE SEVERITY" lines on stdin.
table() {
  awk '{ n[$1 " " $2]++; rules[$1] = 1 }
    END {
      printf "  %-8s %7s %9s %6s\n", "rule", "errors", "warnings", "notes"
      m = 0
      for (r in rules) list[++m] = r
      for (i = 2; i <= m; i++) for (j = i; j > 1 && list[j-1] > list[j]; j--) { t = list[j]; list[j] = list[j-1]; list[j-1] = t }
      for (i = 1; i <= m; i++) {
        r = list[i]; e = n[r " error"] + 0; w = n[r " warning"] + 0; o = n[r " note"] + 0
        printf "  %-8s %7d %9d %6d\n", r, e, w, o; te += e; tw += w; to += o
      }
      printf "  %-8s %7d %9d %6d\n", "total", te, tw, to
    }'
}

: > "$work/all"
status=0
for dir in "$@"; do
  report="$work/report.jsonl" log="$work/stderr"
  code=0
  : > "$report"
  "$bin" lint "$dir" --format oneline --output "jsonl=$report" --fail-level none > /dev/null 2> "$log" || code=$?
  echo "== $dir"
  case $code in
    0) ;;
    2) if grep -q "nothing to check" "$log"; then
         echo "  nothing to check (no squad files)"; continue
       fi
       sed 's/^/  /' "$log" >&2; status=1; continue ;;
    *) sed 's/^/  /' "$log" >&2; status=1; continue ;;
  esac
  files=$(sed -n 's/^squadci: \([0-9]*\) files\{0,1\} checked.*/\1/p' "$log")
  echo "  files checked: ${files:-0}"
  if profile=$("$bin" lint "$dir" --explain-profile 2>/dev/null) && [ -n "$profile" ]; then
    # One line per squad root; the evidence lines below it are indented.
    printf '%s\n' "$profile" | sed -n 's/^\([^ ].*\)/  profile: \1/p'
  fi
  counts "$report" | tee -a "$work/all" | table
done
if [ $# -gt 1 ]; then
  echo "== all roots"
  table < "$work/all"
fi
exit $status
