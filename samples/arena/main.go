// Command arena is a small top-down game that uses the toolkit a shipped
// game needs: a Tiled map whose wall layer is the physics world's walls, a
// camera that follows and shakes, a minimap drawn into a render target,
// actions the player rebinds, the player's settings kept between runs,
// and title, pause and settings menus moved by keys, controllers and the
// mouse.
//
// Collect the 12 gems. Controls (rebindable in Settings): arrows or WASD
// or a controller's left stick move, Space or A dashes; Escape or Start
// pauses. The menus run in Update and hold the loop (Loop.SetPaused)
// while open; everything that changes the game runs in Tick from the
// actions, so -record and -replay reproduce a run bit for bit, whatever
// the player bound, and a replay skips the menus.
//
//	go run ./samples/arena
package main

import (
	_ "embed"

	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

//go:embed arena.json
var arenaMap []byte

// The canvas, in its own units, letterboxed into any window.
const canvasW, canvasH = 480, 270

func main() { desktop.Main(newGame(), config()) }

// config names the game and keeps the player's settings.
func config() desktop.Config {
	return desktop.Config{Name: "arena", Description: "collect the gems: a tile map, menus, rebindable controls",
		PlayerSettings: true,
		Window: sdl2.Options{Title: "Arena", LogicalWidth: canvasW, LogicalHeight: canvasH,
			MinWidth: canvasW, MinHeight: canvasH}}
}
