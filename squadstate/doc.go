// Package squadstate checks the two squad state layouts found in the wild
// and the one format squadci defines itself:
//
//   - the HVE squad at .copilot-tracking/squad/ (and federation sub-squads
//     under members/<name>/): roster, routing, decisions, state.json,
//     history with consumption blocks, ledger, rates, federation registry
//     and meta-routing;
//   - Squad's .squad/ directory: config.json, roster ↔ charter ↔ casting
//     registry agreement, reserved built-ins, routing targets, decisions,
//     casting files, charters, skills and .github/agents/squad.agent.md;
//   - Connector Bindings, the second table of an HVE team.md, cross-checked
//     against connector manifests, the roster, routing, history/Squad
//     Connector.md and pending exchange state.
//
// The engine hands Check a Repo of loaded files; Check returns findings with
// byte spans. A cross-file finding sits on the referring cell and its
// message names the other file and line. Nothing here reads the disk.
package squadstate
