package desktop

import (
	"flag"
	"io"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
)

// printUsage writes -h's text for the flags of fs (see cli.Print), the
// shared ones registered over given's values: each shows the default of
// given (withDefaults), valid or not, with the game's description, the
// keys a run with debug takes, and netplay's flags when the game has
// several players.
func printUsage(out io.Writer, fs *flag.FlagSet, given *Config, debug *Debug) {
	d, _ := given.withDefaults()
	shown, scratch := flag.NewFlagSet(fs.Name(), flag.ContinueOnError), *given
	scratch.register(shown, &d) // as Flags registers them
	shown.VisitAll(func(s *flag.Flag) { fs.Lookup(s.Name).DefValue = s.DefValue })
	keys := debug.keys().Help()
	multi := d.Loop.Players > 1 || d.MaxPlayers > 1
	cli.Print(out, fs, cli.Usage{Description: d.Description, Keys: keys, Multi: multi, Group: groupOf})
}

// groupOf is where -h lists the flag called name: a game's own flag is
// a player's.
func groupOf(name string) cli.Group {
	if f := sharedFlagNamed(name); f != nil {
		return f.group
	}
	return cli.Player
}
