#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 2: a request whose result exists is done again
set -eu
for request do :; done
result="${request%.request.json}.result.json"
rm -f "$result"
find . -name "$SQUADCI_TASK_ID.receipt.md" -exec rm -f {} +
exec squadci connector receipt --root . -- "$request"
