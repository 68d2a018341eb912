package lint

import "github.com/squadci/squadci/lint/diag"

// Engine rules: what can go wrong before a domain sees a file.
var (
	ruleInternal = diag.Register(diag.Rule{
		ID: "SQ001", Name: "internal-error", Severity: diag.SeverityError, Domain: "engine",
		Short:    "squadci failed while checking this file",
		Full:     "A check panicked or failed unexpectedly. The file was not fully checked and the run exits with status 3. This is a bug in squadci, not in the file.",
		Help:     "report the message and, if you can, the file to the squadci maintainers",
		Consumer: "squadci itself: a check failed, so the file was not fully checked and the run exits 3. Error: the gate cannot vouch for the file.",
	})
	ruleTooLarge = diag.Register(diag.Rule{
		ID: "SQ002", Name: "file-too-large", Severity: diag.SeverityError, Domain: "engine",
		Short:    "file is larger than squadci reads for its kind",
		Full:     "Size caps are checked before a file is read, so an oversized or sparse file is never loaded. Connector JSON files are capped at 4 MiB, agent files at 256 KiB, squad state files at 4 MiB.",
		Help:     "split the file or remove the oversized content; connector exchanges are bounded by contract",
		Consumer: "squadci does not read a file over its kind's cap, so nothing in it is checked; the hosts and the connector readers apply caps of their own. Error: the file went unchecked.",
	})
	ruleUnreadable = diag.Register(diag.Rule{
		ID: "SQ003", Name: "file-unreadable", Severity: diag.SeverityError, Domain: "engine",
		Short:    "file could not be read",
		Full:     "The file was discovered but could not be opened or read (permissions, a vanished file, or an entry that is not a regular file such as a symlink).",
		Help:     "make the file a readable regular file, or exclude it with paths.exclude in .squadci.yml",
		Consumer: "squadci could not read the file, so nothing in it was checked. Error: the file went unchecked.",
	})
)
