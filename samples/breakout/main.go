// Command breakout is a small complete game written against
// platform/desktop as a user of the library would: a paddle, a ball and a
// wall of bricks on the physics world (so it runs on -physics chipmunk and
// -physics box2d), drawn with sprites painted in code and TrueType text,
// with a title screen, score, lives, pause, a win and a loss.
//
// Controls: the mouse, ← → (A D), or a game controller's D-pad or left
// stick move the paddle; Space, the left button, ↑ or the controller's A
// launch the ball; Enter, Pause or Start pause and resume; Space, Enter, a
// click, A or Start start a game from the title and after one ends; Esc
// quits from the title and after a game; controllers rumble when a brick
// breaks or a ball is lost. F11 or Alt+Enter toggle fullscreen and F12
// saves a screenshot; -debug adds the developer's hotkeys and -hud the
// debug HUD, which a player never sees.
//
// Everything that changes the game happens in Tick, from the tick's input,
// so -record and -replay reproduce a game bit for bit; StateHash covers
// what lives outside the world (screen, score, lives, bricks).
//
//	go run ./samples/breakout
//	go run ./samples/breakout -lives 1 -bricks 1   # a short game, for tests
package main

import (
	"flag"
	"fmt"
	"github.com/lockstep-engine/lockstep/platform/sdl2"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

func main() { desktop.Main(newGame(), config()) }

// config is what breakout is and how it runs unless the command line says
// otherwise: named breakout (summaries, recordings), as a shipped game, without the debug HUD or hotkeys, in a window of its own:
// its title and icon, its 960×540 field scaled to fit, no smaller than
// half of it.
func config() desktop.Config {
	return desktop.Config{Name: "breakout", Description: "a paddle, a ball and 60 bricks: clear them all", Window: sdl2.Options{
		Title:        "Breakout",
		Icon:         paintIcon(),
		LogicalWidth: canvasW, LogicalHeight: canvasH,
		MinWidth: canvasW / 2, MinHeight: canvasH / 2,
	}}
}

// Flags registers the game's own flags; recordings keep their values.
func (g *game) Flags(fs *flag.FlagSet) {
	fs.IntVar(&g.startLives, "lives", 3, fmt.Sprintf("balls a game starts with, 1 to %d", maxLives))
	fs.IntVar(&g.startBricks, "bricks", numBricks,
		fmt.Sprintf("bricks a game starts with, 1 to %d: the bottom rows first, from the middle out", numBricks))
}

// Validate checks the game's flags.
func (g *game) Validate() error {
	switch {
	case g.startLives < 1 || g.startLives > maxLives:
		return fmt.Errorf("invalid value %d for -lives: want 1 to %d", g.startLives, maxLives)
	case g.startBricks < 1 || g.startBricks > numBricks:
		return fmt.Errorf("invalid value %d for -bricks: want 1 to %d", g.startBricks, numBricks)
	}
	return nil
}
