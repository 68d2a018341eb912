#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 6: the receipt is published as .html
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
edit() { sed "$1" "$result" >"$result.tmp" && mv "$result.tmp" "$result"; }
f=$(find . -name "$SQUADCI_TASK_ID.receipt.md")
if [ -n "$f" ]; then
	mv "$f" "${f%.md}.html"
	edit 's/\.receipt\.md"/.receipt.html"/'
fi
