// Package connector validates Squad Connector files against the contract in
// spec/connector.md: the JSON rules every connector file shares (CN0xx), the
// capability manifest (CN1xx) and the rules that compare manifests with each
// other. Each rule lives in its own rule_<name>.go beside the registration
// that docs/rules.md, `squadci rules` and SARIF are generated from.
//
// The package returns diag.Diagnostic values with byte spans; it knows
// nothing of output formats.
package connector
