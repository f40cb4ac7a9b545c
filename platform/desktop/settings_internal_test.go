package desktop

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/cli"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/platform/transport"
)

// goals is a game with a simulation flag (-goals, 1 to 99) and a local
// one (-bot), as samples/versus has.
type goals struct {
	goals int
	bot   uint64
}

func (*goals) Tick(*engine.Tick) error                { return nil }
func (*goals) Draw(*sdl2.Canvas, *engine.Frame) error { return nil }

func (g *goals) Flags(fs *flag.FlagSet) {
	fs.IntVar(&g.goals, "goals", 5, "goals that win, 1 to 99")
	fs.Uint64Var(&g.bot, "bot", 0, "a bot's seed")
}

func (g *goals) Validate() error {
	if g.goals < 1 || g.goals > 99 {
		return fmt.Errorf("invalid value %d for -goals: want 1 to 99", g.goals)
	}
	return nil
}

// recorded is what a recording of goals keeps, with overrides.
func recorded(over ...tape.Setting) []tape.Setting {
	ss := []tape.Setting{{Name: "goals", Value: "5"}, {Name: "physics", Value: "chipmunk"}, {Name: "seed", Value: "1"}, {Name: "tps", Value: "60"}}
	return append(ss, over...)
}

// flagsOf is game's flags, set as c.GameFlags says.
func flagsOf(t *testing.T, game Game, c *Config) *cli.GameFlags {
	t.Helper()
	g := gameFlagsOf(game, nil)
	if err := g.SetAll(c.GameFlags, fieldNames("GameFlags")); err != nil {
		t.Fatal(err)
	}
	return g
}

// A joiner (and a replay) takes only the settings a recording keeps, each
// checked as its flag is, the game's Validate included; anything else is
// refused by name, and nothing of it reaches the game.
func TestAdoptedSettingsAreOnlyWhatARecordingKeepsEachChecked(t *testing.T) {
	for _, tc := range []struct {
		name string
		ss   []tape.Setting
		want string // in the error; "" adopts
	}{
		{"the host's values", []tape.Setting{{Name: "goals", Value: "3"}, {Name: "seed", Value: "9"}, {Name: "tps", Value: "30"}}, ""},
		{"a local flag", recorded(tape.Setting{Name: "bot", Value: "7"}), "-bot 7, which recordings cannot set"},
		{"a run flag", recorded(tape.Setting{Name: "mode", Value: "cap"}), "-mode cap, which recordings cannot set"},
		{"a stop condition", recorded(tape.Setting{Name: "ticks", Value: "10"}), "-ticks 10, which recordings cannot set"},
		{"an unknown name", recorded(tape.Setting{Name: "gravity", Value: "1"}), "-gravity 1, which this program does not have"},
		{"a name twice", recorded(tape.Setting{Name: "seed", Value: "2"}), "-seed twice"},
		{"out of the game's range", []tape.Setting{{Name: "goals", Value: "-5"}}, "invalid value -5 for -goals"},
		{"not a number", []tape.Setting{{Name: "goals", Value: "many"}}, "-goals"},
		{"tps out of range", []tape.Setting{{Name: "tps", Value: "-1"}}, "invalid value -1 for -tps"},
		{"tps too high", []tape.Setting{{Name: "tps", Value: "20000"}}, "-tps"},
		{"unknown physics", []tape.Setting{{Name: "physics", Value: "havok"}}, "-physics"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &goals{}
			c := Config{Name: "goals", LocalFlags: []string{"bot"}, GameFlags: []tape.Setting{{Name: "bot", Value: "4"}}}
			_, _, err := c.adopt(flagsOf(t, g, &c), tc.ss, nil, hostSource())
			if tc.want == "" {
				if err != nil {
					t.Fatalf("adopt %v: %v", tc.ss, err)
				}
				if c.Seed != 9 || c.Loop.TPS != 30 || g.goals != 3 || g.bot != 4 {
					t.Fatalf("adopted seed %d, tps %d, goals %d, bot %d: want the host's 9, 30, 3 and this machine's bot 4", c.Seed, c.Loop.TPS, g.goals, g.bot)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "the host") {
				t.Fatalf("adopt %v: %v, want a refusal saying %q, naming the host", tc.ss, err, tc.want)
			}
			if g.bot == 7 {
				t.Fatal("the host's -bot reached the game")
			}
		})
	}
}

// A setting the user chose must agree: it is never overwritten.
func TestAdoptingRefusesToOverwriteAChosenSetting(t *testing.T) {
	c := Config{Name: "goals", Seed: 4}
	_, _, err := c.adopt(flagsOf(t, &goals{}, &c), []tape.Setting{{Name: "seed", Value: "5"}}, func(n string) bool { return n == "seed" }, hostSource())
	if err == nil || !strings.Contains(err.Error(), "-seed 4 contradicts the host's -seed 5") {
		t.Fatalf("adopt over a chosen seed: %v", err)
	}
}

// The join-time check says what adopting would, and changes nothing a
// run keeps.
func TestCanAdoptChecksWithoutTaking(t *testing.T) {
	r := newRun(&goals{}, Config{Name: "goals", LocalFlags: []string{"bot"}})
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	if err := r.canAdopt(netplay.Terms{Settings: recorded(tape.Setting{Name: "bot", Value: "7"})}); err == nil || !strings.Contains(err.Error(), "-bot") {
		t.Fatalf("check of a host setting -bot: %v, want a refusal naming it", err)
	}
	if err := r.canAdopt(netplay.Terms{Settings: []tape.Setting{{Name: "seed", Value: "8"}}}); err != nil || r.cfg.Seed != 1 {
		t.Fatalf("check of seed 8: %v, seed now %d: want accepted, the run's seed still 1", err, r.cfg.Seed)
	}
}

// Players are given once, in Config.Loop.Players: a host whose session
// has another count is refused, and the host's -ticks are taken.
func TestAJoinerTakesTheHostsTicksAndRefusesAnotherPlayerCount(t *testing.T) {
	r := newRun(&goals{}, Config{Name: "goals", Loop: engine.Config{Players: 2}})
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
	if err := r.adoptHost(&transport.Joined{Terms: netplay.Terms{Players: 3, Settings: recorded()}}); err == nil || !strings.Contains(err.Error(), "3 player slots") {
		t.Fatalf("a host of 3 players: %v, want a refusal naming the count", err)
	}
	if err := r.adoptHost(&transport.Joined{Terms: netplay.Terms{Players: 2, Ticks: 90, Settings: recorded()}}); err != nil || r.cfg.Loop.Ticks != 90 {
		t.Fatalf("a host of 2 players stopping after 90 ticks: %v, ticks %d", err, r.cfg.Loop.Ticks)
	}
}
