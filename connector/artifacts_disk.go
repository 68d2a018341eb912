package connector

import (
	"errors"
	"io/fs"
)

// checkArtifactsOnDisk looks up every artifact that passed the string
// checks, without following any link: it must exist as a regular file
// within the size caps.
func checkArtifactsOnDisk(c *exchangeCheck) {
	if c.Result == nil {
		return
	}
	var total int64
	var crossing *Artifact // the artifact that takes the total past the cap
	for i := range c.Result.Artifacts {
		a := &c.Result.Artifacts[i]
		if !a.Valid || c.invalid[i] || c.artifactRoot(a) == "" {
			continue
		}
		info, err := StatNoFollow(c.env.FS, a.Path)
		if err == nil && info.IsDir() {
			err = &DiskProblem{Kind: DiskNotRegular, At: a.Path, Mode: info.Mode()}
		}
		if err != nil {
			c.invalidate(i)
			reportDiskProblem(c, a, err)
			continue
		}
		if size := info.Size(); size > maxArtifactBytes {
			c.invalidate(i)
			reportTooLarge(c, a, size)
		}
		total += info.Size()
		if total > maxEnvelopeBytes && crossing == nil {
			crossing = a
		}
	}
	if crossing != nil {
		reportTotalTooLarge(c, crossing, total)
	}
}

func reportDiskProblem(c *exchangeCheck, a *Artifact, err error) {
	res := &c.Result.env
	var dp *DiskProblem
	if !errors.As(err, &dp) {
		c.report(ruleArtifactMissing.At(res.path, a.value.Span, "%s path cannot be looked up: %v", artifactWhere(a), err))
		return
	}
	at := ""
	if dp.At != a.Path {
		at = " (at " + res.quote(dp.At, a.value.Span) + ")"
	}
	switch dp.Kind {
	case DiskMissing:
		if dp.Err != nil && !errors.Is(dp.Err, fs.ErrNotExist) {
			c.report(ruleArtifactMissing.At(res.path, a.value.Span, "%s path cannot be looked up%s", artifactWhere(a), at))
			return
		}
		c.report(ruleArtifactMissing.At(res.path, a.value.Span,
			"%s path does not exist on disk%s; the producer writes every artifact before publishing the result", artifactWhere(a), at))
	case DiskNotRegular:
		c.report(ruleArtifactNotRegular.At(res.path, a.value.Span, "%s path is %s, not a regular file", artifactWhere(a), describeMode(dp.Mode)))
	default:
		c.report(ruleArtifactNotRegular.At(res.path, a.value.Span, "%s path: %s%s", artifactWhere(a), dp.Error(), at))
	}
}
