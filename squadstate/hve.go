package squadstate

import (
	"sort"
	"strings"
)

// hveBase is the HVE squad root; sub-squads live under its members/<name>/.
const hveBase = ".copilot-tracking/squad/"

// hveRootFiles are the state files a squad root (or federation root) holds.
var hveRootFiles = []string{
	"team.md", "routing.md", "decisions.md", "state.json", "notifications.md",
	"consumption.md", "consumption-rates.md", "federation.md", "meta-routing.md",
}

// hveStateFile splits a path below hveBase into its squad root and the state
// file's name within it ("team.md", "history/Squad Lead.md"). ok is false
// for anything that is not a state file (deliverables under the tree,
// stray files).
func hveStateFile(p string) (root, name string, ok bool) {
	rel, found := strings.CutPrefix(p, hveBase)
	if !found {
		return "", "", false
	}
	root = hveBase
	if rest, ok := strings.CutPrefix(rel, "members/"); ok {
		sub, after, ok := strings.Cut(rest, "/")
		if !ok || sub == "" {
			return "", "", false
		}
		root, rel = root+"members/"+sub+"/", after
	}
	if h, ok := strings.CutPrefix(rel, "history/"); ok {
		return root, rel, strings.HasSuffix(h, ".md") && !strings.Contains(h, "/") && len(h) > 3
	}
	for _, f := range hveRootFiles {
		if rel == f {
			return root, rel, true
		}
	}
	return "", "", false
}

// hveRoot is one squad root (the top one, or a sub-squad) and what its
// files say.
type hveRoot struct {
	dir        string // ".copilot-tracking/squad/" or ".../members/<name>/"
	sub        string // the sub-squad name under members/, "" for the top root
	federation bool   // federation.md exists here
	names      []string
	files      map[string]*doc // by name within the root; nil entries were listed but not loaded
	history    []string        // "history/<x>.md" names, sorted

	team      *roster
	routing   *routingTable
	state     *stateFile
	rates     *ratesFile
	decisions *decisionLog
	hist      []*historyFile // parsed on first use
	subs      *federation    // federation.md, parsed on first use
	agentIx   map[string]*agentInfo
	slugIx    map[string]string

	profile *hveProfile    // the format the checks judge the root by
	choice  *profileChoice // how it was chosen
}

// runSummaryTitle returns the title of a run summary file, and whether
// base names one in the root's format.
func (h *hveRoot) runSummaryTitle(base string) (string, bool) { return h.profile.runSummaryTitle(base) }

// isRunSummary reports whether a history file is a per-run summary.
func (h *hveRoot) isRunSummary(base string) bool {
	_, ok := h.runSummaryTitle(base)
	return ok
}

// has reports whether the root holds the named file (listed or loaded).
func (h *hveRoot) has(name string) bool {
	_, ok := h.files[name]
	return ok
}

// file returns the loaded file, or nil.
func (h *hveRoot) file(name string) *doc { return h.files[name] }

// anyFile is the first loaded file of the root, for findings about the
// root as a whole.
func (h *hveRoot) anyFile() *doc {
	for _, n := range append(append([]string(nil), hveRootFiles...), h.history...) {
		if d := h.files[n]; d != nil {
			return d
		}
	}
	return nil
}

// hveRoots groups the listed and loaded state files by squad root.
func (c *checker) hveRoots() []*hveRoot {
	byDir := map[string]*hveRoot{}
	add := func(p string) {
		dir, name, ok := hveStateFile(p)
		if !ok {
			return
		}
		h := byDir[dir]
		if h == nil {
			h = &hveRoot{dir: dir, files: map[string]*doc{}}
			if sub, ok := strings.CutPrefix(dir, hveBase+"members/"); ok {
				h.sub = strings.TrimSuffix(sub, "/")
			}
			byDir[dir] = h
		}
		if _, seen := h.files[name]; seen {
			return
		}
		h.files[name] = c.doc(p)
		if strings.HasPrefix(name, "history/") {
			h.history = append(h.history, name)
		}
	}
	for _, p := range c.under(hveBase) {
		add(p)
	}
	for p := range c.repo.Files {
		add(p)
	}
	roots := make([]*hveRoot, 0, len(byDir))
	for _, h := range byDir {
		sort.Strings(h.history)
		h.federation = h.has("federation.md")
		roots = append(roots, h)
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].dir < roots[j].dir })
	return roots
}

// hveRules run per squad root, in order.
var hveRules = []func(*checker, *hveRoot){
	checkProfileNote,
	checkRootKind,
	checkEagerFiles,
	checkFrontMatter,
	checkGutter,
	checkRosterColumns,
	checkRosterUnique,
	checkRoleIDs,
	checkModelTier,
	checkAgentsDeployed,
	checkDeliverableRootForm,
	checkRoutingColumns,
	checkRoutingRoles,
	checkStateShape,
	checkStateSession,
	checkStateCurrent,
	checkInitHistory,
	checkHistoryNames,
	checkHistoryHeader,
	checkDispatchEntries,
	checkConsumptionBlocks,
	checkPricedAs,
	checkRatesFile,
	checkLedger,
	checkFederationRegistry,
	checkMetaRouting,
	checkFederationHistory,
	checkBindings,
}

// checkHVE parses and checks every HVE squad root.
func (c *checker) checkHVE() {
	checkNestedTracking(c)
	roots := c.hveRoots()
	pin := c.readPin()
	for _, h := range roots {
		c.parseHVE(h)
		c.chooseProfile(h, pin)
	}
	for _, h := range roots {
		for _, rule := range hveRules {
			rule(c, h)
		}
	}
	checkPendingExchanges(c, roots)
}

// parseHVE reads the root's structured files once.
func (c *checker) parseHVE(h *hveRoot) {
	h.historyFiles()
	if d := h.file("team.md"); d != nil {
		h.team = parseRoster(d)
	}
	if d := h.file("routing.md"); d != nil {
		h.routing = parseRouting(d)
	}
	if d := h.file("state.json"); d != nil {
		h.state = parseState(d)
	}
	if d := h.file("decisions.md"); d != nil {
		h.decisions = parseDecisionLog(d)
	}
}
