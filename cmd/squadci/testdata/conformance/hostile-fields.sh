#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 9: the result carries a command field
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
awk '/^  "status": /{print "  \"command\": \"sh -c true\","}1' "$result" >"$result.tmp" && mv "$result.tmp" "$result"
