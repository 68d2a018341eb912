// Package promptfile checks the two Markdown customization files that sit
// beside agent files: prompt files (*.prompt.md, VS Code's reusable slash
// commands) and instructions files (*.instructions.md, and the
// repository-wide .github/copilot-instructions.md). Each rule encodes what
// a host does with the file — VS Code's prompt-file parser and validator
// (microsoft/vscode: src/vs/workbench/contrib/chat/common/promptSyntax/
// promptFileParser.ts, languageProviders/promptValidator.ts and
// promptFileAttributes.ts, computeAutomaticInstructions.ts) and GitHub's
// custom-instructions documentation — and its severity follows that
// consequence. The frontmatter is read by the agent-file parser
// (agentfile.ParseHeader), so every kind agrees on what a header is.
// Nothing here writes a file.
package promptfile
