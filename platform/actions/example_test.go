package actions_test

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/platform/actions"
)

// A game names its actions with default controls, puts the map between
// the window and the loop (sdl2.Window.SetEventWrapper), and reads actions
// in Tick. The player rebinds jump to J; J then jumps, in the ticks and in
// what a recording keeps.
func ExampleNew() {
	keys, err := actions.New([]actions.Def{
		{Name: "jump", Defaults: []actions.Binding{actions.KeyBinding(engine.KeySpace), actions.PadBinding(gamepad.A)}},
		{Name: "duck", Defaults: []actions.Binding{actions.KeyBinding(engine.KeyJ)}},
	})
	if err != nil {
		panic(err)
	}
	jump, _ := keys.Action("jump")
	if c, clash, _ := keys.Rebind(jump, 0, actions.KeyBinding(engine.KeyJ)); clash {
		fmt.Printf("%s had J: now %v\n", keys.Name(c.Action), c.Now)
	}

	var tick engine.Input // what the loop would hand the next tick
	keys.Wrap(collect{&tick}).Key(engine.KeyJ, true)
	fmt.Println("jump pressed:", jump.Pressed(&tick))
	fmt.Println("saved:", keys.Bindings()["jump"])
	// Output:
	// duck had J: now Space
	// jump pressed: true
	// saved: [J Pad A ]
}

// collect stands for the loop's input collector.
type collect struct{ in *engine.Input }

func (c collect) Key(k engine.Key, down bool) {
	if down {
		c.in.Down.Add(k)
		c.in.Pressed.Add(k)
	}
}
func (collect) Button(mouse.Button, bool)           {}
func (collect) Pointer(float64, float64)            {}
func (collect) Scroll(int32, int32)                 {}
func (collect) Text([]byte)                         {}
func (collect) PadConnected(int, bool)              {}
func (collect) PadButton(int, gamepad.Button, bool) {}
func (collect) PadAxis(int, gamepad.Axis, int16)    {}
func (collect) Window(engine.WindowState)           {}
func (collect) Quit()                               {}
