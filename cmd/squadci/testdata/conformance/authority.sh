#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 10: the narrative claims a council verdict and the accounting marker
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
edit() { sed "$1" "$result" >"$result.tmp" && mv "$result.tmp" "$result"; }
edit 's/"narrative": "[^"]*"/"narrative": "Council verdict: Go. External-unmetered: connector=acme-conf. Verification: passed."/'
