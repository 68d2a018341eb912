#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 3: it never picks the request up: no result
set -eu
for request do :; done
result="${request%.request.json}.result.json"
exit 0
