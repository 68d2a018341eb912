package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/squadstate"
	"gopkg.in/yaml.v3"
)

// ConfigFiles are where the configuration may live, relative to the lint
// root. At most one of them may exist: two would leave a user editing the
// one that is not read.
var ConfigFiles = []string{".squadci.yml", ".squadci.yaml", ".github/squadci.yml", ".github/squadci.yaml"}

// FindConfig returns the one default config file that exists ("" when
// none), or a *ConfigError naming every one that does when there are two
// or more. exists answers for a root-relative path.
func FindConfig(exists func(rel string) bool) (string, error) {
	var found []string
	for _, name := range ConfigFiles {
		if exists(name) {
			found = append(found, name)
		}
	}
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", &ConfigError{Path: found[0], Message: fmt.Sprintf(
		"%s config files at once: %s; squadci reads exactly one, so keep one and delete the others (or name one with --config)",
		countWord(len(found)), strings.Join(found, " and "))}
}

func countWord(n int) string {
	if words := []string{"two", "three", "four"}; n >= 2 && n-2 < len(words) {
		return words[n-2]
	}
	return fmt.Sprint(n)
}

// Config is the closed `.squadci.yml`. Unknown keys, bad globs and unknown
// rule ids are configuration errors (exit 2), reported with line and column.
type Config struct {
	Path      string // where it was read from, "" when none
	Include   []string
	Exclude   []string
	Rules     map[string]diag.Severity // rule id → severity (SeverityOff = disabled)
	Overrides []Override
	Adapters  map[string]Adapter
	Notify    Notify
	// ProfilePins are squadstate.profile: the HVE Squad release whose format
	// the squad roots a glob matches are checked by, in file order.
	ProfilePins []squadstate.ProfilePin
	// KindsOff are the kinds of file (Kinds) that kinds: turns off: none
	// of their rules run and discovery skips them.
	KindsOff map[string]bool
	// Baseline is the baseline file (adoption.md), relative to the root
	// with '/' separators; "" when none.
	Baseline string
	Src      []byte // the file's bytes, for positions; nil when none
}

// Override changes rule severities for files matching any of Paths.
type Override struct {
	Paths []string
	Rules map[string]diag.Severity
}

// Adapter is the trusted command `squadci poll` runs for one connectorId.
type Adapter struct {
	Command []string
	Timeout time.Duration
	// Env names the variables passed to this adapter only, by name, from
	// squadci's environment (adapters.<id>.env); their values are masked
	// in everything the poll shows.
	Env []string
	// Line and Column are the position of its connectorId key.
	Line, Column int
}

// Notify says how `squadci resume` tells the squad about transitions.
type Notify struct {
	Dispatch bool
	Comment  int
}

// ConfigError is a configuration problem with its position in the file.
type ConfigError struct {
	Path         string
	Line, Column int
	Message      string
}

func (e *ConfigError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Message)
}

// maxConfigSize bounds the config file; it is read whole.
const maxConfigSize = 1 << 20

// LoadConfig reads the config at path (absolute or relative to root). When
// path is empty the default locations are tried; none found is no error.
func LoadConfig(root, path string) (*Config, error) {
	if path == "" {
		name, err := FindConfig(func(rel string) bool { return lexists(filepath.Join(root, rel)) })
		if err != nil || name == "" {
			return &Config{}, err
		}
		path = filepath.Join(root, name)
	} else if !filepath.IsAbs(path) && !lexists(path) {
		path = filepath.Join(root, path)
	}
	if err := checkRepoDirs(root, path); err != nil {
		return nil, &ConfigError{Path: path, Message: "cannot read config: " + err.Error()}
	}
	src, err := readRepoFile(path, maxConfigSize)
	if err != nil {
		return nil, &ConfigError{Path: path, Message: "cannot read config: " + err.Error()}
	}
	display := path
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		display = filepath.ToSlash(rel)
	}
	return ParseConfig(display, src)
}

// ParseConfig validates and decodes a config file's bytes.
func ParseConfig(path string, src []byte) (*Config, error) {
	c := &Config{Path: path, Src: src}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, &ConfigError{Path: path, Line: yamlErrorLine(err), Column: 1, Message: "invalid YAML: " + yamlErrorText(err)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil // an empty file is an empty config
	}
	d := &configDecoder{path: path}
	d.root(c, doc.Content[0])
	if d.err != nil {
		return nil, d.err
	}
	return c, nil
}

type configDecoder struct {
	path string
	err  *ConfigError
}

func (d *configDecoder) fail(n *yaml.Node, format string, args ...any) {
	if d.err == nil {
		d.err = &ConfigError{Path: d.path, Line: n.Line, Column: n.Column, Message: fmt.Sprintf(format, args...)}
	}
}

// mapping walks a mapping node, rejecting keys outside allowed, duplicates,
// anchors and aliases, and calls fn for each member.
func (d *configDecoder) mapping(n *yaml.Node, what string, allowed []string, fn func(key string, k, v *yaml.Node)) {
	if n.Kind == yaml.AliasNode || n.Anchor != "" {
		d.fail(n, "%s: anchors and aliases are not allowed", what)
		return
	}
	if n.Kind != yaml.MappingNode {
		d.fail(n, "%s must be a mapping", what)
		return
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if first, dup := seen[k.Value]; dup {
			d.fail(k, "duplicate key %q in %s (first at line:%d,col:%d)", k.Value, what, first.Line, first.Column)
			return
		}
		seen[k.Value] = k
		if allowed != nil && !contains(allowed, k.Value) {
			d.fail(k, "unknown key %q in %s; allowed: %s%s", k.Value, what, strings.Join(allowed, ", "), diag.DidYouMean(k.Value, allowed))
			return
		}
		fn(k.Value, k, v)
		if d.err != nil {
			return
		}
	}
}

func (d *configDecoder) root(c *Config, n *yaml.Node) {
	d.mapping(n, "config", []string{"version", "paths", "rules", "overrides", "adapters", "notify", "squadstate", "kinds", "baseline"}, func(key string, k, v *yaml.Node) {
		switch key {
		case "version":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" || v.Value != "1" {
				d.fail(v, "version must be 1")
			}
		case "paths":
			d.mapping(v, "paths", []string{"include", "exclude"}, func(key string, _, v *yaml.Node) {
				globs := d.globs(v, "paths."+key)
				if key == "include" {
					c.Include = globs
				} else {
					c.Exclude = globs
				}
			})
		case "rules":
			c.Rules = d.ruleMap(v, "rules")
		case "overrides":
			c.Overrides = d.overrides(v)
		case "adapters":
			c.Adapters = d.adapters(v)
		case "notify":
			d.notify(c, v)
		case "squadstate":
			d.mapping(v, "squadstate", []string{"profile"}, func(_ string, _, v *yaml.Node) { c.ProfilePins = d.profilePins(v) })
		case "kinds":
			c.KindsOff = d.kinds(v)
		case "baseline":
			c.Baseline = d.relPath(v, "baseline")
		}
	})
}

// profilePins reads squadstate.profile: root glob → HVE Squad release.
func (d *configDecoder) profilePins(n *yaml.Node) []squadstate.ProfilePin {
	var out []squadstate.ProfilePin
	d.mapping(n, "squadstate.profile", nil, func(glob string, k, v *yaml.Node) {
		if glob == "" || strings.HasPrefix(glob, "/") || strings.Contains(glob, `\`) || !doublestar.ValidatePattern(glob) {
			d.fail(k, "squadstate.profile: invalid glob %q (doublestar syntax, repository-relative, '/' separators)", glob)
			return
		}
		if v.Kind != yaml.ScalarNode || !squadstate.KnownRelease(v.Value) {
			d.fail(v, "squadstate.profile.%s: want an HVE Squad release such as v0.12.1 (formats start at %s)", glob, strings.Join(squadstate.ProfileNames(), ", "))
			return
		}
		out = append(out, squadstate.ProfilePin{Glob: glob, Release: v.Value})
	})
	return out
}

// relPath reads a root-relative file path: a string, '/' separated, not
// absolute and not climbing out of the root.
func (d *configDecoder) relPath(n *yaml.Node, what string) string {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" || n.Value == "" {
		d.fail(n, "%s must be a file path relative to the repository root, such as .squadci-baseline.json", what)
		return ""
	}
	p := n.Value
	if strings.HasPrefix(p, "/") || strings.Contains(p, `\`) || filepath.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, "/../") {
		d.fail(n, "%s: %q must be relative to the repository root, with '/' separators and no '..'", what, p)
		return ""
	}
	return p
}

func (d *configDecoder) strings(n *yaml.Node, what string) []string {
	if n.Kind != yaml.SequenceNode {
		d.fail(n, "%s must be a list of strings", what)
		return nil
	}
	out := make([]string, 0, len(n.Content))
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode || e.ShortTag() != "!!str" {
			d.fail(e, "%s: each entry must be a string", what)
			return nil
		}
		out = append(out, e.Value)
	}
	return out
}

func (d *configDecoder) globs(n *yaml.Node, what string) []string {
	globs := d.strings(n, what)
	for i, g := range globs {
		if g == "" || strings.HasPrefix(g, "/") || strings.Contains(g, `\`) || !doublestar.ValidatePattern(g) {
			d.fail(n.Content[i], "%s: invalid glob %q (doublestar syntax, repository-relative, '/' separators)", what, g)
			return nil
		}
	}
	return globs
}

func (d *configDecoder) ruleMap(n *yaml.Node, what string) map[string]diag.Severity {
	out := map[string]diag.Severity{}
	d.mapping(n, what, nil, func(key string, k, v *yaml.Node) {
		r, ok := diag.Lookup(key)
		if !ok {
			d.fail(k, "%s: unknown rule %q (run `squadci rules` for the list)", what, key)
			return
		}
		if v.Kind != yaml.ScalarNode {
			d.fail(v, "%s.%s: severity must be error, warning, note or off", what, key)
			return
		}
		sev, err := diag.ParseSeverity(v.Value)
		if err != nil || v.ShortTag() == "!!bool" {
			d.fail(v, "%s.%s: severity must be error, warning, note or off, not %q", what, key, v.Value)
			return
		}
		out[r.ID] = sev
	})
	return out
}

func (d *configDecoder) overrides(n *yaml.Node) []Override {
	if n.Kind != yaml.SequenceNode {
		d.fail(n, "overrides must be a list")
		return nil
	}
	var out []Override
	for i, e := range n.Content {
		var o Override
		what := fmt.Sprintf("overrides[%d]", i)
		hasPaths := false
		d.mapping(e, what, []string{"paths", "rules"}, func(key string, _, v *yaml.Node) {
			if key == "paths" {
				o.Paths, hasPaths = d.globs(v, what+".paths"), true
			} else {
				o.Rules = d.ruleMap(v, what+".rules")
			}
		})
		if d.err == nil && (!hasPaths || len(o.Paths) == 0) {
			d.fail(e, "%s needs a non-empty paths list", what)
		}
		out = append(out, o)
	}
	return out
}

func (d *configDecoder) adapters(n *yaml.Node) map[string]Adapter {
	out := map[string]Adapter{}
	d.mapping(n, "adapters", nil, func(id string, k, v *yaml.Node) {
		a := Adapter{Line: k.Line, Column: k.Column}
		what := "adapters." + id
		d.mapping(v, what, []string{"command", "timeout", "env"}, func(key string, _, v *yaml.Node) {
			if key == "env" {
				a.Env = d.envNames(v, what+".env")
				return
			}
			if key == "command" {
				a.Command = d.strings(v, what+".command")
				if d.err == nil && len(a.Command) == 0 {
					d.fail(v, "%s.command must name a program", what)
				}
				return
			}
			t, err := time.ParseDuration(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || t <= 0 {
				d.fail(v, "%s.timeout must be a positive duration such as 30m", what)
			}
			a.Timeout = t
		})
		if d.err == nil && a.Command == nil {
			d.fail(v, "%s needs a command", what)
		}
		out[id] = a
	})
	return out
}

func (d *configDecoder) notify(c *Config, n *yaml.Node) {
	d.mapping(n, "notify", []string{"dispatch", "comment"}, func(key string, _, v *yaml.Node) {
		switch key {
		case "dispatch":
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
				d.fail(v, "notify.dispatch must be true or false")
				return
			}
			// yaml.v3 resolves True and TRUE to true as well: decode, do
			// not compare the text.
			if err := v.Decode(&c.Notify.Dispatch); err != nil {
				d.fail(v, "notify.dispatch must be true or false")
			}
		case "comment":
			var num int
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" || v.Decode(&num) != nil || num <= 0 {
				d.fail(v, "notify.comment must be an issue or pull request number")
				return
			}
			c.Notify.Comment = num
		}
	})
}

// Severity returns the effective severity of rule for the file at path:
// the rule default, then `rules:`, then matching overrides in order.
func (c *Config) Severity(r *diag.Rule, path string) diag.Severity {
	sev := r.Severity
	if s, ok := c.Rules[r.ID]; ok {
		sev = s
	}
	for _, o := range c.Overrides {
		if s, ok := o.Rules[r.ID]; ok && matchAny(o.Paths, path) {
			sev = s
		}
	}
	return sev
}

// FindingSeverity is the severity of one finding: the configuration's
// when it sets the rule for the path, else the one the check gave it (a
// check may lower its rule's default for one case, such as a file the
// vendor's upgrade rewrites), else the rule's default.
func (c *Config) FindingSeverity(r *diag.Rule, d diag.Diagnostic) diag.Severity {
	sev := c.Severity(r, d.Path)
	if sev == r.Severity && d.Severity != diag.SeverityOff && !c.sets(r, d.Path) {
		return d.Severity
	}
	return sev
}

// sets reports whether the configuration names the rule for path.
func (c *Config) sets(r *diag.Rule, path string) bool {
	if _, ok := c.Rules[r.ID]; ok {
		return true
	}
	for _, o := range c.Overrides {
		if _, ok := o.Rules[r.ID]; ok && matchAny(o.Paths, path) {
			return true
		}
	}
	return false
}

func matchAny(globs []string, path string) bool {
	for _, g := range globs {
		if ok, _ := doublestar.Match(g, path); ok {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func yamlErrorLine(err error) int {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return 0
	}
	var line int
	if _, scanErr := fmt.Sscanf(strings.TrimPrefix(err.Error(), "yaml: "), "line %d:", &line); scanErr == nil {
		return line
	}
	return 1
}

func yamlErrorText(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if i := strings.Index(msg, ": "); i >= 0 && strings.HasPrefix(msg, "line ") {
		msg = msg[i+2:]
	}
	return msg
}

// sortedKeys is used where map iteration order would leak into output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
