// Package secrets finds credential-shaped runs in text: private keys, cloud and
// SaaS tokens, JWTs, passwords in connection strings, and high-entropy values
// assigned to secret-like names.
//
// The connector contract (spec §7) fails any manifest, request or result that
// carries such content, and the same scanner serves agent files and squad state.
// Callers scan raw file bytes with [Scan] and every decoded string value with
// [ScanKeyValue], so that JSON escapes cannot hide a key. A [Match] carries a
// stable family id and byte offsets but never the value; use [Redact] wherever
// the text itself would otherwise be shown.
//
// Scanning is linear in the input. A single keyword pass decides which rules can
// possibly match; most text never reaches a regular expression, and clean text
// is scanned without allocating.
package secrets
