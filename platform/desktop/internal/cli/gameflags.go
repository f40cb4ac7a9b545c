package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// Flagger is a game with flags of its own: Flags registers them, and
// Validate checks the values they were given.
type Flagger interface {
	Flags(fs *flag.FlagSet)
	Validate() error
}

// GameFlags are a game's own flags, registered once a run: the command
// line, the game's settings in code, a recording and a netplay host's
// terms all set them on this one FlagSet, and a recording keeps their
// values from it.
type GameFlags struct {
	game Flagger       // nil: the game has no flags of its own
	fs   *flag.FlagSet // the game's flags, and on a command line the shared ones too
	// shared names the flags on fs that are not the game's.
	shared map[string]bool
}

// NewGameFlags registers game's own flags (nil: it has none) on fs,
// whose flags so far are the shared ones; a nil fs is a FlagSet of the
// game's flags alone, for a run with no command line.
func NewGameFlags(game Flagger, fs *flag.FlagSet) *GameFlags {
	g := &GameFlags{game: game, fs: fs, shared: map[string]bool{}}
	if fs == nil {
		g.fs = flag.NewFlagSet("", flag.ContinueOnError)
		g.fs.SetOutput(io.Discard)
	}
	g.fs.VisitAll(func(fl *flag.Flag) { g.shared[fl.Name] = true })
	if game != nil {
		game.Flags(g.fs) // sets every game flag to its default
	}
	return g
}

// Has reports whether name is one of the game's flags.
func (g *GameFlags) Has(name string) bool { return !g.shared[name] && g.fs.Lookup(name) != nil }

// SetAll sets the game's flags ss names, refusing a name given twice and
// one that is not a game flag; field is what errors call ss
// ("Config.GameFlags").
func (g *GameFlags) SetAll(ss []tape.Setting, field string) error {
	seen := map[string]bool{}
	for _, s := range ss {
		switch {
		case g.game == nil:
			return fmt.Errorf("%s sets -%s, but the game has no flags of its own (no Flags method)", field, s.Name)
		case seen[s.Name]:
			return fmt.Errorf("%s sets -%s twice: give it once", field, s.Name)
		case !g.Has(s.Name):
			return fmt.Errorf("%s sets -%s, which is not one of the game's flags", field, s.Name)
		}
		seen[s.Name] = true
		if err := g.fs.Set(s.Name, s.Value); err != nil {
			return fmt.Errorf("invalid value %q for -%s (%s): %v", s.Value, s.Name, field, err)
		}
	}
	return nil
}

// Set sets the game's flag called name to value, as the flag parses it.
func (g *GameFlags) Set(name, value string) error { return g.fs.Set(name, value) }

// Visit calls fn for each of the game's flags, in name order.
func (g *GameFlags) Visit(fn func(*flag.Flag)) {
	g.fs.VisitAll(func(fl *flag.Flag) {
		if !g.shared[fl.Name] {
			fn(fl)
		}
	})
}

// Parse parses the command line args on the FlagSet of the shared flags
// and the game's, and returns what it gave (Given). A bad flag's error
// says what the flag takes; an argument that is not a flag is refused;
// -h returns flag.ErrHelp.
func (g *GameFlags) Parse(args []string) (map[string]bool, []tape.Setting, error) {
	if err := g.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, nil, err
		}
		return nil, nil, explain(g.fs, err)
	}
	if g.fs.NArg() > 0 {
		return nil, nil, fmt.Errorf("unexpected argument %q: every option is a flag (-h lists them)", g.fs.Arg(0))
	}
	given, game := g.Given()
	return given, game, nil
}

// Given returns the names of every flag the command line (or SetAll)
// gave, and each of the game's flags given, as a recording writes it.
func (g *GameFlags) Given() (map[string]bool, []tape.Setting) {
	given := map[string]bool{}
	var game []tape.Setting
	g.fs.Visit(func(fl *flag.Flag) {
		given[fl.Name] = true
		if !g.shared[fl.Name] {
			game = append(game, tape.Setting{Name: fl.Name, Value: fl.Value.String()})
		}
	})
	return given, game
}

// Check checks the game's flags as they are set: local (the flags a
// recording does not keep; field is what errors call it) names only
// them, and the game's Validate accepts them.
func (g *GameFlags) Check(local []string, field string) error {
	for _, n := range local {
		if g.game == nil {
			return fmt.Errorf("%s names -%s, but the game has no flags of its own (no Flags method)", field, n)
		}
		if !g.Has(n) {
			return fmt.Errorf("%s names -%s, which is not one of the game's flags", field, n)
		}
	}
	if g.game == nil {
		return nil
	}
	return g.game.Validate()
}

// explain adds what a flag takes to the flag package's error err from
// parsing fs, which says which flag failed to parse but not what it
// wants.
func explain(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "for flag -"); i >= 0 {
		name, _, _ := strings.Cut(msg[i+len("for flag -"):], ":")
		if fl := fs.Lookup(name); fl != nil {
			msg += " (-" + name + ": " + fl.Usage + ")"
		}
	}
	return errors.New(msg + " (-h lists the flags)")
}
