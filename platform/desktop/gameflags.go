package desktop

import (
	"flag"
	"io"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// gameFlags are a game's own flags (Flagger), registered once a run: the
// command line, Config.GameFlags, a -replay's recording and a netplay
// host's terms all set them on this one FlagSet, and a recording keeps
// their values from it.
type gameFlags struct {
	game Flagger       // nil: the game has no flags of its own
	fs   *flag.FlagSet // the game's flags, and on a command line the shared ones too
	// shared names the shared flags on fs, which are not the game's.
	shared map[string]bool
}

// newGameFlags registers game's own flags, when it is a Flagger, on fs,
// which holds the shared flags shared names; a nil fs is a FlagSet of the
// game's flags alone, for a run with no command line.
func newGameFlags(game Game, fs *flag.FlagSet, shared map[string]bool) *gameFlags {
	g := &gameFlags{fs: fs, shared: shared}
	if fs == nil {
		g.fs = flag.NewFlagSet("", flag.ContinueOnError)
		g.fs.SetOutput(io.Discard)
	}
	if f, ok := game.(Flagger); ok {
		g.game = f
		f.Flags(g.fs) // sets every game flag to its default
	}
	return g
}

// has reports whether name is one of the game's flags.
func (g *gameFlags) has(name string) bool { return !g.shared[name] && g.fs.Lookup(name) != nil }

// setAll sets the game's flags ss names, refusing a name given twice and
// one that is not a game flag.
func (g *gameFlags) setAll(ss []tape.Setting, name names) error {
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case g.game == nil:
			return usagef("%s sets -%s, but the game has no flags of its own (no Flags method)", name("GameFlags"), s.Name)
		case seen[s.Name]:
			return usagef("%s sets -%s twice: give it once", name("GameFlags"), s.Name)
		case !g.has(s.Name):
			return usagef("%s sets -%s, which is not one of the game's flags", name("GameFlags"), s.Name)
		}
		seen[s.Name] = true
		if err := g.fs.Set(s.Name, s.Value); err != nil {
			return usagef("invalid value %q for -%s (%s): %v", s.Value, s.Name, name("GameFlags"), err)
		}
	}
	return nil
}

// visit calls fn for each of the game's flags, in name order.
func (g *gameFlags) visit(fn func(*flag.Flag)) {
	g.fs.VisitAll(func(fl *flag.Flag) {
		if !g.shared[fl.Name] {
			fn(fl)
		}
	})
}
