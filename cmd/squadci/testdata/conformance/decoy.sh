#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 4: it leaves a note in every other mailbox
set -eu
for request do :; done
result="${request%.request.json}.result.json"
squadci connector receipt --root . -- "$request" >/dev/null
for d in .connector-drops/*/; do
	[ "$d" = "$(dirname "$request")/" ] || echo seen >"${d}seen.txt"
done
