// Package lsptest holds the agent files the language server's tests open,
// shared by the protocol tests (package lsp) and the Neovim test
// (cmd/squadci).
package lsptest

// Planner has a finding with a fix (AF102: "Description" is no key) and
// a handoff whose finding (AF108, when Builder is missing or renamed) sits
// after characters that are wider in UTF-8 than in UTF-16.
const Planner = `---
name: planner
Description: Plans the work — ünïcödé.
handoffs:
  - { label: "🚀 Build ünï", agent: builder, prompt: Build the plan. }
---
Plan the work.
`

// Builder is the agent Planner hands off to.
const Builder = `---
name: builder
description: Builds the plan.
---
Build.
`
