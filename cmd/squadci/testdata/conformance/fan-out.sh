#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 11: an orchestrator that drops its fan-out disclosure
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
awk '/^  "provenance": \{/{skip=1} skip&&/^  \},?$/{skip=0; next} !skip' "$result" >"$result.tmp" && mv "$result.tmp" "$result"
