package connector

import "github.com/squadci/squadci/lint/diag"

var ruleMergeInterrupted = diag.Register(diag.Rule{
	ID: "CN520", Name: "merge-interrupted", Severity: diag.SeverityError, Domain: "exchange",
	Short: "A merge of shard outputs died part way through a task",
	Full: "squadci connector merge writes a task's files under its lock and first records what it is " +
		"about to create in .squad-connector/<taskId>.merge.json; it removes that journal once every file " +
		"is durable. A journal left in the checkout means a merge was killed part way: the task may hold " +
		"some of a shard's files and not others (artifacts without the result that lists them). Committing " +
		"the checkout in that state would publish half a task.",
	Help: "Run squadci connector merge or resume again: under the task's lock either finishes the merge " +
		"(every journalled file in place) or rolls it back (removes the files it created), then removes the journal.",
	Consumer: "squadci connector merge died part way, leaving a task's files half-written; the next poll, resume or merge must finish or undo it. Error.",
})

// mergeInterruptedFinding reports the merge journal at p, of task id.
func mergeInterruptedFinding(p, id string) diag.Diagnostic {
	return ruleMergeInterrupted.At(p, fileStart,
		"a merge of task %s was interrupted: its files may be half written; run squadci connector merge or resume again to settle it", quoteOrRedactName(id))
}
