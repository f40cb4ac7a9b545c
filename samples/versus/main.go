// Command versus is a two-player physics game: each player steers a disc
// and knocks the puck into the other's goal. Two people play it on one
// machine (W A S D and the arrow keys, or two game controllers), over a
// LAN, or in two windows on one machine:
//
//	go run ./samples/versus -host 127.0.0.1:7777            # prints a code
//	go run ./samples/versus -join 127.0.0.1:7777 -code CODE
//
// -bot SEED lets a deterministic random player play this machine's side,
// so two processes can play each other unattended. It runs on either
// physics engine (-physics box2d), and everything that changes the game
// happens in Tick from the players' input, so sessions stay in step and
// -record and -replay reproduce them.
package main

import (
	"flag"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

func main() {
	g := &game{}
	desktop.Main(g, config(g))
}

// config is what versus is and how it runs unless the command line says
// otherwise: two player slots, left (0) and right (1), or with -players
// 3 or 4 two a side (2 left, 3 right); -bot only decides who plays on
// this machine, so recordings and sessions leave it out. A slot nobody
// plays (-play-on, -late-join, -start-with) is an idle disc.
func config(g *game) desktop.Config {
	return desktop.Config{
		Name:        "versus",
		Description: "two discs, one puck, two goals",
		Loop:        engine.Config{Players: 2},
		MinPlayers:  2,
		MaxPlayers:  maxPlayers,
		LocalFlags:  []string{"bot"},
		Bot:         g.playBot,
	}
}

// Flags registers the game's flags: -goals changes the game, -bot only
// who plays on this machine.
func (g *game) Flags(fs *flag.FlagSet) {
	fs.IntVar(&g.goals, "goals", 5, "goals that win a match, 1 to 99")
	fs.Uint64Var(&g.bot, "bot", 0, "let a deterministic random player with this `seed` play this machine's side (0: off)")
}

// Validate checks the game's flags.
func (g *game) Validate() error {
	if g.goals < 1 || g.goals > 99 {
		return fmt.Errorf("invalid value %d for -goals: want 1 to 99", g.goals)
	}
	return nil
}
