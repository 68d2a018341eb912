#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 5: the result names another role
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
edit() { sed "$1" "$result" >"$result.tmp" && mv "$result.tmp" "$result"; }
edit 's/"role": "[^"]*"/"role": "someone-else"/'
