// Command squadci lints Squad agent teams and Squad Connector exchanges.
package main

import "os"

func main() {
	cmd := &Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Env: os.Environ()}
	os.Exit(cmd.Main(os.Args))
}
