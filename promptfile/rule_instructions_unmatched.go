package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsUnmatched = diag.Register(diag.Rule{
	ID: "IN105", Name: "instructions-apply-to-unmatched", Severity: diag.SeverityNote, Domain: "instructions",
	Short: "applyTo pattern matches no file in the repository",
	Full: "Each applyTo pattern is matched the way VS Code matches it (computeAutomaticInstructions.ts): " +
		"ignoring case, and with **/ put in front of a pattern that does not start with **/ or /, so " +
		"src/**/*.ts matches below any folder; **, * and **/* match every request. A pattern that matches no " +
		"file in the repository (tracked, or untracked and not ignored by git; paths.exclude removes none) attaches the instructions to " +
		"nothing today — often a typo or a folder that moved. A leading / is read here as the repository " +
		"root. Only files below .github/instructions/, the folder the hosts load for this repository, are judged: " +
		"one elsewhere (IN111) is meant for another repository's files. A pattern whose fixed leading folder is " +
		"a directory the root .gitignore names (.copilot-tracking/, say) is not judged either: its files are " +
		"written at run time and are never in the repository.",
	Help: "Correct the pattern, or delete it if the files it meant are gone.",
	Consumer: "nothing breaks: VS Code and GitHub never check applyTo against the tree, they match it " +
		"per request, so a pattern for files that do not exist yet (generated at run time, or in the " +
		"repositories that consume these instructions) is normal; a note, since it may also be a typo " +
		"or a folder that moved",
})
