package connector

import "github.com/squadci/squadci/lint/diag"

var ruleMailboxStrayFile = diag.Register(diag.Rule{
	ID: "CN501", Name: "mailbox-stray-file", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A mailbox holds a file the contract does not place there",
	Full: "A mailbox holds <taskId>.request.json, .result.json and .snapshot.json, <taskId>.lock and " +
		"<taskId>.claim.json, Markdown runbooks, .squad-connector/<taskId>.state.json and .lock, and the " +
		"example request and result under examples/. Anything else — notes, other JSON, reports, nested " +
		"directories, files directly in .connector-drops/ other than Markdown — is reported: adapters " +
		"watch these directories, and a deliverable belongs under the request's deliverableRoot, never " +
		"in a mailbox.",
	Help:     "Move the file out of the mailbox (reports go under the request's deliverableRoot) or delete it.",
	Consumer: "squadci poll, resume and the adapter each scan the mailbox; a stray file is either ignored by one and read by another, or a sign that something wrote where it must not. Error.",
})

// strayFinding reports path p, which lies in mailbox box but is no
// exchange file.
func strayFinding(p, box string) diag.Diagnostic {
	if box == DropRoot {
		return ruleMailboxStrayFile.At(p, fileStart,
			"%s holds only mailboxes and Markdown; this file is not part of any connector's exchange", DropRoot)
	}
	return ruleMailboxStrayFile.At(p, fileStart,
		"mailbox %s holds only <taskId>.request.json, .result.json, .snapshot.json, .lock, .claim.json, Markdown runbooks, "+
			".squad-connector/<taskId>.state.json and examples/; this file does not belong here", quoteOrRedactName(box))
}
