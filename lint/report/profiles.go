package report

import (
	"bufio"
	"fmt"
	"io"
)

// WriteProfiles writes, for lint --explain-profile, each squad root's
// format profile and the evidence that chose it.
func WriteProfiles(w io.Writer, ps []Profile) error {
	bw := bufio.NewWriter(w)
	if len(ps) == 0 {
		fmt.Fprintln(bw, "no squad root (.copilot-tracking/squad/ or .squad/): no format profile to explain")
	}
	for i, p := range ps {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		commit := ""
		if p.Commit != "" {
			commit = ", commit " + p.Commit
		}
		fmt.Fprintf(bw, "%s: %s %s (profile %s%s), chosen by %s\n", p.Root, p.Format, p.Releases, p.Name, commit, chosenBy(p.ChosenBy))
		for _, e := range p.Evidence {
			fits := e.Fits
			if fits == "" {
				fits = "no known release"
			}
			fmt.Fprintf(bw, "  %s: %s → %s\n", e.At, e.What, fits)
		}
		if p.Note != "" {
			fmt.Fprintf(bw, "  note: %s\n", p.Note)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing profiles: %w", err)
	}
	return nil
}

func chosenBy(how string) string {
	switch how {
	case "config":
		return ".squadci.yml squadstate.profile"
	case "pin":
		return "the APM pin"
	case "shapes":
		return "the files' shapes"
	case "stamp":
		return "the coordinator's version stamp"
	}
	return "default (no format evidence: the newest format)"
}
