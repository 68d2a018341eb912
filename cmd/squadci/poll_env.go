package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sethvargo/go-githubactions"
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

// adapterSecrets are the variables a poll passes to each adapter by name
// (adapters.<id>.env, the action's adapter-env), resolved once per run
// from squadci's environment so an unset one is reported once.
type adapterSecrets struct {
	env   map[string][]string // connectorId → NAME=VALUE
	masks *secrets.Values     // every value passed, for the action's add-mask
}

// resolveAdapterEnv looks up the names each adapter lists in the
// configuration, plus extra (from the action: "" applies to every
// adapter), with lookup. It returns the warnings to show: a name unset or
// empty (not passed), a value too short to mask (passed). Neither names a
// value.
func resolveAdapterEnv(cfg *lint.Config, extra map[string][]string, lookup func(string) string) (adapterSecrets, []string) {
	s := adapterSecrets{env: map[string][]string{}}
	unset := map[string][]string{} // name → the adapters that list it
	short := map[string]bool{}
	var values []string
	for _, id := range slices.Sorted(maps.Keys(cfg.Adapters)) {
		names := append(append(slices.Clone(cfg.Adapters[id].Env), extra[""]...), extra[id]...)
		seen := map[string]bool{}
		for _, name := range names {
			if seen[name] {
				continue
			}
			seen[name] = true
			v := lookup(name)
			if v == "" {
				unset[name] = append(unset[name], id)
				continue
			}
			if len(v) < secrets.MinValueLength {
				short[name] = true
			}
			s.env[id] = append(s.env[id], name+"="+v)
			values = append(values, v)
		}
	}
	s.masks = secrets.NewValues(values...)
	var warnings []string
	for _, name := range slices.Sorted(maps.Keys(unset)) {
		warnings = append(warnings, fmt.Sprintf("%s, listed for the adapter of %s, is not set (or is empty) in squadci's environment; not passed, the adapter runs without it",
			name, strings.Join(unset[name], ", ")))
	}
	for _, name := range slices.Sorted(maps.Keys(short)) {
		warnings = append(warnings, fmt.Sprintf("%s is passed to its adapter, but its value is shorter than %d characters: too short to be masked in what squadci shows", name, secrets.MinValueLength))
	}
	return s, warnings
}

// adapters are the configuration's adapters with their own variables.
func (s adapterSecrets) adapters(cfg *lint.Config) map[string]connector.Adapter {
	out := map[string]connector.Adapter{}
	for id, a := range cfg.Adapters {
		out[id] = connector.Adapter{Command: a.Command, Timeout: a.Timeout, Env: s.env[id]}
	}
	return out
}

// parseAdapterEnvInput reads the action's adapter-env input: one entry a
// line, NAME (passed to every adapter) or ID: NAME (to the adapter of
// connector ID only); blank lines are skipped. Every name is checked as in
// adapters.<id>.env, every ID must have an adapter.
func parseAdapterEnvInput(input string, cfg *lint.Config) (map[string][]string, error) {
	out := map[string][]string{}
	for i, line := range strings.Split(input, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		id, name, scoped := strings.Cut(line, ":")
		if !scoped {
			id, name = "", id
		}
		id, name = strings.TrimSpace(id), strings.TrimSpace(name)
		if why := lint.CheckEnvName(name); why != "" {
			return nil, fmt.Errorf("input adapter-env, line %d: %s (want NAME or CONNECTOR_ID: NAME)", i+1, why)
		}
		if _, ok := cfg.Adapters[id]; scoped && !ok {
			return nil, fmt.Errorf("input adapter-env, line %d: %q has no adapter in the configuration (adapters: %s)",
				i+1, id, orNone(slices.Sorted(maps.Keys(cfg.Adapters))))
		}
		out[id] = append(out[id], name)
	}
	return out, nil
}

func orNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// parseAdapterSecretsInput reads the action's adapter-secrets input, a
// JSON object of secret values by name (the workflow's toJSON(secrets)),
// so that secrets reach the poll step only and never the job's later
// steps through GITHUB_ENV. Only the names the adapters are allowed
// (adapters.<id>.env, adapter-env) are ever taken from it; members that
// are not strings are skipped. The error never quotes the input.
func parseAdapterSecretsInput(input string) (map[string]string, error) {
	if strings.TrimSpace(input) == "" {
		return nil, nil
	}
	doc := source.ParseJSON([]byte(input))
	if doc.Root == nil || doc.Root.Kind != source.KindObject || len(doc.Problems) > 0 {
		return nil, fmt.Errorf("input adapter-secrets must be a JSON object of secret values by name (pass ${{ toJSON(secrets) }})")
	}
	out := make(map[string]string, len(doc.Root.Members))
	for _, m := range doc.Root.Members {
		if m.Kind == source.KindString {
			out[m.Key] = m.Str
		}
	}
	return out, nil
}

// actionAdapterEnv resolves the adapters' variables in the action: the
// configuration's plus the adapter-env input. A listed GITHUB_TOKEN that
// the step's environment lacks takes the github-token input, the token the
// action already holds. A name the environment lacks is looked up in the
// adapter-secrets input. Every value passed is registered with
// ::add-mask:: before any adapter runs, so the runner masks it in the
// whole job log; warnings become annotations.
func (c *Command) actionAdapterEnv(a *githubactions.Action, in actionInputs, repo *scheduledRepo) (adapterSecrets, error) {
	extra, err := parseAdapterEnvInput(in.adapterEnv, repo.cfg)
	if err != nil {
		return adapterSecrets{}, err
	}
	vault, err := parseAdapterSecretsInput(in.adapterSecrets)
	if err != nil {
		return adapterSecrets{}, err
	}
	lookup := func(name string) string {
		if v := c.getenv(name); v != "" {
			return v
		}
		if v := vault[name]; v != "" {
			return v
		}
		if name == "GITHUB_TOKEN" {
			return in.githubToken
		}
		return ""
	}
	passed, warnings := resolveAdapterEnv(repo.cfg, extra, lookup)
	for _, v := range passed.masks.List() {
		a.AddMask(v)
	}
	for _, w := range warnings {
		a.Warningf("%s", w)
	}
	return passed, nil
}
