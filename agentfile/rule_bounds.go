package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleBounds = diag.Register(diag.Rule{
	ID: "AF004", Name: "agentfile-bounds", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Agent file exceeds a parsing bound",
	Full: "The contract's parsing limits: 256 KiB of original file bytes; 128 examples; 64 assertions per " +
		"example; 16 KiB (UTF-8) for an input or any YAML scalar; 12 levels of nesting from the YAML " +
		"document root at depth 0 (each nested mapping value or sequence element adds one); 32 levels for " +
		"each recorded call's arguments or result, measured from that payload's root (JSON encoded inside " +
		"a string counts too); 32,768 YAML nodes in one document, recorded payloads included. Every bound " +
		"is inclusive: a file at the bound parses.",
	Help:     "Split the tests across agents, shorten the value or flatten the structure so it fits the bound.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) stops at the bound and refuses the file (a 1 GB file is never read). Error: the contract refuses it.",
})
