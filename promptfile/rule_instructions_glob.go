package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsGlob = diag.Register(diag.Rule{
	ID: "IN104", Name: "instructions-apply-to-glob", Severity: diag.SeverityError, Domain: "instructions",
	Short: "applyTo holds a glob the hosts cannot use",
	Full: "applyTo is one glob or several separated by commas outside braces and brackets (VS Code: " +
		"glob.splitGlobAware, validateApplyTo). A pattern with an unclosed [ or {, unpaired braces, or a " +
		"backwards [z-a] range is an error: VS Code's glob compiler then matches something else than written " +
		"or nothing at all. An empty pattern between commas is a warning: VS Code's validator marks the whole " +
		"applyTo invalid, while matching skips the empty pattern.",
	Help:     "Close every [ and {, and separate patterns with single commas.",
	Consumer: "VS Code matches a broken pattern against the wrong files, so the instructions are not applied where meant",
})
