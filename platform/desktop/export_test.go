package desktop

import "io"

// MainStatus is Main with the command line and standard streams given,
// returning the exit status instead of exiting.
func MainStatus(game Game, cfg Config, args []string, stdout, stderr io.Writer) int {
	return mainStatus(game, cfg, args, stdout, stderr)
}

// BuildID is what this binary tells a netplay host it is.
var BuildID = buildID
