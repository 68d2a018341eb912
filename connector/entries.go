package connector

import "strings"

// EntryKind is what a file inside a mailbox is, judged by its name.
type EntryKind uint8

const (
	EntryStray          EntryKind = iota // anything the contract does not place in a mailbox
	EntryRequest                         // <taskId>.request.json
	EntryResult                          // <taskId>.result.json
	EntrySnapshot                        // <taskId>.snapshot.json
	EntryState                           // .squad-connector/<taskId>.state.json
	EntryLock                            // <taskId>.lock, in the mailbox or .squad-connector/
	EntryClaim                           // <taskId>.claim.json, the poller's claim
	EntryRunbook                         // a Markdown runbook, in the mailbox or examples/
	EntryExampleRequest                  // examples/<name>.request.json
	EntryExampleResult                   // examples/<name>.result.json
	EntryArchived                        // anything under .squad-connector/archive/: a finished task's moved files
	EntryMergeJournal                    // .squad-connector/<taskId>.merge.json, an interrupted merge's journal
)

// ClassifyEntry judges rest, a path relative to its mailbox, and returns its
// kind and the task id (or example name) its file name stems from. In
// DropRoot itself (dropRoot true) only runbooks belong.
func ClassifyEntry(rest string, dropRoot bool) (EntryKind, string) {
	dir, name := "", rest
	if i := strings.LastIndexByte(rest, '/'); i >= 0 {
		dir, name = rest[:i+1], rest[i+1:]
	}
	if dropRoot {
		if dir == "" && strings.HasSuffix(name, ".md") {
			return EntryRunbook, ""
		}
		return EntryStray, ""
	}
	if strings.HasPrefix(dir, archiveDir) {
		return EntryArchived, ""
	}
	switch dir {
	case "":
		for _, k := range [...]struct {
			suffix string
			kind   EntryKind
		}{{".request.json", EntryRequest}, {".result.json", EntryResult}, {".snapshot.json", EntrySnapshot},
			{".claim.json", EntryClaim}, {".lock", EntryLock}} {
			if stem, ok := strings.CutSuffix(name, k.suffix); ok && stem != "" {
				return k.kind, stem
			}
		}
		if strings.HasSuffix(name, ".md") {
			return EntryRunbook, ""
		}
	case stateDir:
		if stem, ok := strings.CutSuffix(name, ".state.json"); ok && stem != "" {
			return EntryState, stem
		}
		if stem, ok := strings.CutSuffix(name, ".lock"); ok && stem != "" {
			return EntryLock, stem
		}
		if stem, ok := strings.CutSuffix(name, ".merge.json"); ok && stem != "" {
			return EntryMergeJournal, stem
		}
	case examplesDir:
		if stem, ok := strings.CutSuffix(name, ".request.json"); ok && stem != "" {
			return EntryExampleRequest, stem
		}
		if stem, ok := strings.CutSuffix(name, ".result.json"); ok && stem != "" {
			return EntryExampleResult, stem
		}
		if strings.HasSuffix(name, ".md") {
			return EntryRunbook, ""
		}
	}
	return EntryStray, ""
}
