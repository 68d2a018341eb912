package report

// SARIF 2.1.0 §3.55 fix: one artifactChange on the finding's file, one
// replacement per edit, the deleted region given by byte offsets into the
// file as read (§3.30.12 byteOffset/byteLength).

type sarifFix struct {
	Description     sarifText           `json:"description"`
	ArtifactChanges []sarifArtifactEdit `json:"artifactChanges"`
}

type sarifArtifactEdit struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent *sarifText      `json:"insertedContent,omitempty"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

func sarifFixes(f *Finding) []sarifFix {
	if f.Fix == nil || len(f.Fix.Edits) == 0 {
		return nil
	}
	change := sarifArtifactEdit{ArtifactLocation: sarifArtifact{URI: pathURI(f.Path), URIBaseID: srcRoot}}
	for _, e := range f.Fix.Edits {
		r := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
		if e.Text != "" {
			r.InsertedContent = &sarifText{Text: e.Text}
		}
		change.Replacements = append(change.Replacements, r)
	}
	desc := "squadci lint --fix"
	if r := ruleOf(f); r != nil && r.Help != "" {
		desc = r.Help
	}
	return []sarifFix{{Description: sarifText{Text: desc}, ArtifactChanges: []sarifArtifactEdit{change}}}
}
