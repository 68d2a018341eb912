package connector

import "github.com/squadci/squadci/lint/source"

// checkResultUntrusted scans the envelope's free text: narrative, artifact
// descriptions and provenance.
func checkResultUntrusted(c *resultCheck) {
	f := &c.envelope.jsonFile
	checkUntrusted(f, c.str("narrative"), "narrative")
	for i := range c.r.Artifacts {
		a := &c.r.Artifacts[i]
		checkUntrusted(f, strMember(a.value.Parent, "description"), artifactWhere(a)+" description")
	}
	prov := c.root.Get("provenance")
	fan := arrMember(prov, "fanOut")
	if fan == nil {
		return
	}
	for _, el := range fan.Elems {
		if el.Kind != source.KindObject {
			continue
		}
		where := "provenance.fanOut[" + itoa(el.Index) + "]"
		checkUntrusted(f, strMember(el, "worker"), where+" worker")
		checkUntrusted(f, strMember(el, "summary"), where+" summary")
	}
}
