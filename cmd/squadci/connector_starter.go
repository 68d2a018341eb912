package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/atomicfile"
	"github.com/squadci/squadci/lint"
	"gopkg.in/yaml.v3"
)

// starterTimeout bounds one run of the starter adapter; it only writes two
// small files.
const starterTimeout = "10m"

// starterPlan is what `connector new` adds besides the connector: the
// starter adapter and its adapters.<id> entry. It is worked out, and every
// refusal found, before any file is written.
type starterPlan struct {
	script, config string // repository-relative paths
	scriptText     []byte
	configText     []byte
	configExisted  bool
}

// planStarter checks that neither the adapter script nor an adapters.<id>
// entry exists, and renders both.
func planStarter(root, id string) (*starterPlan, error) {
	p := &starterPlan{script: "scripts/" + id + "-adapter", scriptText: []byte(starterScript(id))}
	if err := connector.CheckCreatable(root, p.script); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s already exists; refusing to overwrite it (remove it, or use --no-adapter): %w", p.script, fs.ErrExist)
		}
		return nil, fmt.Errorf("%w (or use --no-adapter)", err)
	}
	name, err := lint.FindConfig(func(rel string) bool {
		_, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if name == "" {
		p.config, p.configText = lint.ConfigFiles[0], lint.WithConfigSchemaLine([]byte(newStarterConfig(id, p.script)))
		return p, nil
	}
	p.config, p.configExisted = name, true
	// The config is rewritten in place: it must be a regular file reached
	// through real directories, read without following a link.
	if _, err := connector.StatNoFollow(connector.DirFS(root), name); err != nil {
		return nil, fmt.Errorf("%s: %v; squadci never reads or writes a config through a link (or use --no-adapter)", name, err)
	}
	cfg, err := lint.LoadConfig(root, filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		return nil, fmt.Errorf("%w; fix it before adding an adapter (or use --no-adapter)", err)
	}
	src := cfg.Src
	p.configText, err = addAdapterEntry(name, src, id, p.script)
	return p, err
}

// write creates the script (0755) and writes the config atomically.
func (p *starterPlan) write(root string) ([]string, error) {
	if err := connector.CreateFile(root, p.script, p.scriptText, 0o755); err != nil {
		return nil, err
	}
	written := []string{p.script}
	if err := atomicfile.WriteFile(filepath.Join(root, filepath.FromSlash(p.config)), p.configText, 0o644, p.configExisted); err != nil {
		return written, fmt.Errorf("writing %s: %w", p.config, err)
	}
	return written, nil
}

// configVerb says what write did to the configuration.
func (p *starterPlan) configVerb() string {
	if p.configExisted {
		return "updated"
	}
	return "created"
}

// newStarterConfig is a fresh .squadci.yml mapping id to its starter.
func newStarterConfig(id, script string) string {
	return "# squadci configuration. `squadci connector new` added the adapter below;\n" +
		"# point its command at your real endpoint when it is ready.\n" +
		"version: 1\nadapters:\n" + adapterEntryText(id, script)
}

func adapterEntryText(id, script string) string {
	return fmt.Sprintf("  %s:\n    command: [sh, %s]\n    timeout: %s\n", id, script, starterTimeout)
}

// errAdapterMapped refuses an id the configuration already maps.
var errAdapterMapped = errors.New("already maps an adapter")

// addAdapterEntry appends adapters.<id> to the configuration through
// yaml.v3 nodes, so the user's comments and key order survive. It refuses
// an id that is already mapped.
func addAdapterEntry(name string, src []byte, id, script string) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if doc.Kind == 0 { // an empty file
		return []byte(string(src) + "version: 1\nadapters:\n" + adapterEntryText(id, script)), nil
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: the configuration is not a mapping", name)
	}
	var entry yaml.Node
	if err := yaml.Unmarshal([]byte(adapterEntryText(id, script)), &entry); err != nil {
		return nil, err
	}
	newPair := entry.Content[0].Content // [key, value]
	adapters := mappingValue(top, "adapters")
	switch {
	case adapters == nil:
		top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "adapters"}, entry.Content[0])
	case adapters.Kind == yaml.ScalarNode && adapters.Tag == "!!null":
		*adapters = *entry.Content[0]
	case adapters.Kind != yaml.MappingNode:
		return nil, fmt.Errorf("%s:%d:%d: adapters is not a mapping", name, adapters.Line, adapters.Column)
	default:
		if k := mappingKey(adapters, id); k != nil {
			return nil, fmt.Errorf("%s:%d:%d: adapters.%s %w; refusing to replace it (edit it by hand, or use --no-adapter)", name, k.Line, k.Column, id, errAdapterMapped)
		}
		adapters.Content = append(adapters.Content, newPair...)
	}
	var out bytes.Buffer
	enc := yaml.NewEncoder(&out)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	return out.Bytes(), enc.Close()
}

func mappingKey(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i]
		}
	}
	return nil
}

func mappingValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// starterScript is scripts/<id>-adapter: POSIX sh that hands the request
// to `squadci connector receipt`, so the script never parses JSON and never
// evaluates any of the request's text.
func starterScript(id string) string {
	return `#!/bin/sh
# Starter adapter for connector ` + id + `, written by ` + "`squadci connector new`" + `.
# It does no real work: it writes a transport receipt (not a result of real work)
# under the request's deliverable root and publishes a completed result envelope.
# Replace it with the real endpoint: point adapters.` + id + `.command in .squadci.yml
#   at your own program (it gets the request path as its last argument), or replace
#   the squadci line below with your endpoint's invocation, which writes its reports
#   under the request's deliverableRoot and then <taskId>.result.json (temp file, rename).
# Remove it: delete this file and the adapters.` + id + ` entry in .squadci.yml.
set -eu
if [ "$#" -lt 1 ]; then
	echo "usage: $0 REQUEST (squadci poll passes the request path)" >&2
	exit 2
fi
for request do :; done # the request path is the last argument
exec squadci connector receipt --root . -- "$request"
`
}
