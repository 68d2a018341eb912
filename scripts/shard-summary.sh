#!/usr/bin/env bash
# shard-summary.sh SHARDS_DIR REPORT_JSON
#
# Markdown table for the resume job's summary: totals per status per shard.
# A shard's tasks are the ones whose claim or result its artifact carried
# (SHARDS_DIR/<artifact>/…/<taskId>.claim.json or .result.json); each task's
# status is the one the resume report (the action's report-file) gives it.
# Tasks no shard brought a file for are counted in the row "no shard".
set -euo pipefail

dir=${1:?usage: shard-summary.sh SHARDS_DIR REPORT_JSON}
report=${2:?usage: shard-summary.sh SHARDS_DIR REPORT_JSON}

shards='[]'
if [[ -d "$dir" ]]; then
  while IFS= read -r d; do
    name=$(basename "$d")
    label=$name
    if [[ "$name" =~ -shard-([0-9]+)-of-([0-9]+)$ ]]; then
      label="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
    fi
    ids=$(find "$d" -type f \( -name '*.claim.json' -o -name '*.result.json' \) -printf '%f\n' |
      sed -E 's/\.(claim|result)\.json$//' | sort -u | jq -R . | jq -cs .)
    shards=$(jq -c --arg l "$label" --argjson ids "$ids" '. + [{label: $l, ids: $ids}]' <<<"$shards")
  done < <(find "$dir" -mindepth 1 -maxdepth 1 -type d | sort -V)
fi

jq -r --argjson shards "$shards" '
  ([.resume.tasks[]? | {key: .taskId, value: .status}] | from_entries) as $status
  | ["completed", "failed", "unreachable", "awaiting"] as $cols
  | ([$shards[].ids[]] | unique) as $seen
  | ($shards + [{label: "no shard", ids: ([$status | keys[]] - $seen)}])
  | map(select(.label != "no shard" or (.ids | length) > 0)) as $rows
  | "### Tasks per shard\n",
    "| shard | tasks | " + ($cols | join(" | ")) + " | other |",
    "|---|---:|" + ($cols | map("---:") | join("|")) + "|---:|",
    ($rows[] | . as $r
      | [$r.ids[] | $status[.] // "not resumed"] as $st
      | "| \($r.label) | \($st | length) | "
        + ($cols | map(. as $c | [$st[] | select(. == $c)] | length | tostring) | join(" | "))
        + " | \([$st[] | select(. as $s | $cols | index($s) | not)] | length) |")
' "$report"
