#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 8: its environment is appended to the receipt
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
f=$(find . -name "$SQUADCI_TASK_ID.receipt.md")
if [ -n "$f" ]; then env >>"$f"; fi
