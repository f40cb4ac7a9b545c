package desktop

import (
	"cmp"
	"errors"
	"flag"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
)

// Flags registers the shared command line on fs, writing into c, with c's
// values as the defaults (zero fields show their defaults; the README's
// flags table lists them). Main and Parse call it; a program with a
// command line of its own can too. A zero Loop.MaxFrame stays zero unless
// -max-frame is given: its default follows -tps.
func (c *Config) Flags(fs *flag.FlagSet) {
	d, _ := c.withDefaults() // the defaults to show, valid or not
	c.register(fs, &d)
}

// Parse returns cfg with the command line args (without the program name)
// applied, as Main does: the shared flags over cfg's values as defaults,
// and the game's own when it is a Flagger (those given are added to
// GameFlags). With -replay, every setting the recording keeps that the
// command line did not give is taken from the recording. The result is
// checked as Run checks it, naming flags. With -h it prints the usage on
// standard error and returns flag.ErrHelp; other errors wrap ErrUsage.
func Parse(game Game, cfg Config, args []string) (Config, error) {
	line, err := parse(game, cfg, args, os.Stderr)
	return line.result(), err
}

// commandLine is a command line parsed for the run that follows it.
type commandLine struct {
	cfg     Config         // the Config given, with what the command line gave
	checked Config         // cfg with its defaults, checked
	game    *cli.GameFlags // the game's flags, as the command line set them
	parsed  bool           // the command line was parsed: no bad flag, no -h
	// recorded is what a recording of a run with checked keeps
	// (cli.Settings.Recorded); nil when the check failed.
	recorded []tape.Setting
}

// parse is Parse printing -h's usage on out, returning what the run
// needs too: the game's flags are registered once, and the Config is
// defaulted and checked once, after the command line is parsed (a
// default can follow a flag: -max-frame's follows -tps; and a flag given
// 0, such as -seed 0, takes its default). The flags write into c over
// its own values; only -h shows their defaults (printUsage).
func parse(game Game, c Config, args []string, out io.Writer) (commandLine, error) {
	asGiven := c // for -h, which shows the defaults of the Config given
	fs := flag.NewFlagSet(cmp.Or(c.Name, programName()), flag.ContinueOnError)
	// The flag package would print each error and the whole usage; a bad
	// flag gets one line here instead, and -h the usage.
	fs.SetOutput(io.Discard)
	c.register(fs, &c)
	g := gameFlagsOf(game, fs)
	if err := g.SetAll(c.GameFlags, fieldNames("GameFlags")); err != nil {
		return commandLine{cfg: c}, usagef("%v", err)
	}
	given, gameGiven, err := g.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		printUsage(out, fs, &asGiven, &c.Debug)
		return commandLine{cfg: c}, err
	case err != nil:
		return commandLine{cfg: c}, usagef("%v", err)
	}
	c.GameFlags = gameGiven // every game flag given, on the command line or in GameFlags
	line := commandLine{game: g, parsed: true}
	line.checked, line.recorded, err = c.settled(g, func(name string) bool { return given[name] })
	line.cfg = c
	return line, err
}

// result is the Config Parse returns: the one given with the command
// line applied, each zero field a shared flag sets at its default as the
// check filled it in (what -h shows for a flag not given). Loop.MaxFrame,
// whose default follows -tps, and the fields no flag sets stay as given.
// Before the command line is parsed (a bad flag, -h) it is the Config
// given.
func (l *commandLine) result() Config {
	out := l.cfg
	if !l.parsed {
		return out
	}
	for _, f := range sharedFlags() {
		for _, path := range []string{f.field, f.also} {
			if path == "" || path == "Loop.MaxFrame" {
				continue
			}
			if v := fieldAt(&out, path); v.IsZero() {
				v.Set(fieldAt(&l.checked, path))
			}
		}
	}
	return out
}

// fieldAt is the field of c at path ("Loop.TPS").
func fieldAt(c *Config, path string) reflect.Value {
	v := reflect.ValueOf(c).Elem()
	for name := range strings.SplitSeq(path, ".") {
		v = v.FieldByName(name)
	}
	return v
}

// noCommandLine is parse for a Run with no command line: c checked,
// calling fields by their Go names, and then c.GameFlags set on a
// FlagSet of the game's own flags and checked.
func noCommandLine(game Game, c Config) (commandLine, error) {
	line := commandLine{cfg: c}
	var err error
	if line.checked, err = c.defaulted(fieldNames); err != nil {
		return line, err
	}
	line.game = gameFlagsOf(game, nil)
	if err := line.game.SetAll(c.GameFlags, fieldNames("GameFlags")); err != nil {
		return line, usagef("%v", err)
	}
	if err := checkGameFlags(line.game, &line.checked, fieldNames); err != nil {
		return line, err
	}
	line.recorded = line.checked.settingsOf(line.game).Recorded()
	return line, nil
}

// gameFlagsOf registers game's own flags, when it is a Flagger, on fs,
// which holds the shared flags; a nil fs is a FlagSet of the game's
// flags alone, for a run with no command line.
func gameFlagsOf(game Game, fs *flag.FlagSet) *cli.GameFlags {
	f, _ := game.(Flagger)
	return cli.NewGameFlags(f, fs)
}
