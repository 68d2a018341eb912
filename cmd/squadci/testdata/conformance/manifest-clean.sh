#!/bin/sh
# Known-bad adapter for `squadci connector conformance` tests: the starter
# adapter (squadci connector receipt) plus exactly one violation of checklist
# item 1: none in the adapter: the test adds an action field to the manifest
set -eu
for request do :; done
result="${request%.request.json}.result.json"
exec squadci connector receipt --root . -- "$request"
