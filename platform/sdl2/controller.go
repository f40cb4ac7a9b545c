package sdl2

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/veandco/go-sdl2/sdl"
)

// ErrNoRumble is what Rumble returns for a controller without rumble
// motors: a game may ignore it.
var ErrNoRumble = errors.New("the controller has no rumble motors")

// pads are the game controllers a Window has open, by engine slot. Each
// controller SDL announces takes the first free slot (gamepad.Max of
// them); one beyond waits until a slot frees.
type pads struct {
	slots [gamepad.Max]padSlot
	on    bool  // SDL's game controller subsystem is initialised
	err   error // why it is not
}

type padSlot struct {
	gc *sdl.GameController // nil: the slot is free
	id sdl.JoystickID
}

// open starts SDL's game controller subsystem, which announces every
// controller already plugged in with SDL_CONTROLLERDEVICEADDED. Without it
// the window still works, with no controllers.
func (p *pads) open(headless bool) {
	if headless {
		// SDL drops controller input while no window of the process has
		// keyboard focus, and a hidden window never gets it.
		sdl.SetHint(sdl.HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
	}
	if err := sdl.InitSubSystem(sdl.INIT_GAMECONTROLLER); err != nil {
		p.err = fmt.Errorf("game controllers are unavailable: SDL could not start them: %w", err)
		return
	}
	p.on = true
}

// close closes the open controllers and releases the subsystem.
func (p *pads) close() {
	for i := range p.slots {
		if s := &p.slots[i]; s.gc != nil {
			s.gc.Close()
			*s = padSlot{}
		}
	}
	if p.on {
		p.on = false
		sdl.QuitSubSystem(sdl.INIT_GAMECONTROLLER)
	}
}

// find returns the slot of the controller with instance id, or -1.
func (p *pads) find(id sdl.JoystickID) int {
	for i := range p.slots {
		if p.slots[i].gc != nil && p.slots[i].id == id {
			return i
		}
	}
	return -1
}

// added opens the controller at device index into the first free slot.
func (p *pads) added(index int, in host.EventSink) {
	id := sdl.JoystickGetDeviceInstanceID(index)
	if id < 0 || p.find(id) >= 0 { // gone already, or open
		return
	}
	for i := range p.slots {
		if p.slots[i].gc != nil {
			continue
		}
		gc := sdl.GameControllerOpen(index)
		if gc == nil {
			return // unplugged meanwhile, or no mapping after all
		}
		p.slots[i] = padSlot{gc: gc, id: id}
		in.PadConnected(i, true)
		return
	}
}

// removed closes the controller with instance id and gives its slot to a
// controller that found none free, if one waits.
func (p *pads) removed(id sdl.JoystickID, in host.EventSink) {
	i := p.find(id)
	if i < 0 {
		return
	}
	p.slots[i].gc.Close()
	p.slots[i] = padSlot{}
	in.PadConnected(i, false)
	for d := range sdl.NumJoysticks() {
		if sdl.IsGameController(d) && p.find(sdl.JoystickGetDeviceInstanceID(d)) < 0 {
			p.added(d, in)
			return
		}
	}
}

func (p *pads) button(id sdl.JoystickID, b uint8, down bool, in host.EventSink) {
	if i := p.find(id); i >= 0 {
		in.PadButton(i, gamepad.Button(b), down)
	}
}

func (p *pads) axis(id sdl.JoystickID, a uint8, v int16, in host.EventSink) {
	if i := p.find(id); i >= 0 {
		in.PadAxis(i, gamepad.Axis(a), v)
	}
}

// slot returns the open controller in slot pad, or an error saying why
// there is none.
func (p *pads) slot(pad int) (*sdl.GameController, error) {
	switch {
	case pad < 0 || pad >= gamepad.Max:
		return nil, fmt.Errorf("pad %d: want 0 to %d", pad, gamepad.Max-1)
	case p.err != nil:
		return nil, p.err
	case p.slots[pad].gc == nil:
		return nil, fmt.Errorf("pad %d: no controller is connected there", pad)
	}
	return p.slots[pad].gc, nil
}

// Rumble runs the rumble motors of the controller in slot pad (as in
// engine.Input.Pads) for d: low and high are the strengths of the
// low- and high-frequency motors, from 0 to 1. It replaces any rumble
// still running; zero strengths or duration stop it. A controller without
// motors returns an error wrapping ErrNoRumble and does nothing.
//
// Calling it from Tick is safe for replays: it changes nothing the
// simulation reads.
func (w *Window) Rumble(pad int, low, high float64, d time.Duration) error {
	mustMain("Window.Rumble")
	gc, err := w.pads.slot(pad)
	if err != nil {
		return fmt.Errorf("sdl2: rumble: %w", err)
	}
	if !gc.HasRumble() {
		return fmt.Errorf("sdl2: rumble pad %d (%s): %w", pad, gc.Name(), ErrNoRumble)
	}
	ms := uint32(min(max(d.Milliseconds(), 0), math.MaxUint32))
	if err := gc.Rumble(strength(low), strength(high), ms); err != nil {
		return fmt.Errorf("sdl2: rumble pad %d (%s): %w", pad, gc.Name(), err)
	}
	return nil
}

// strength maps [0, 1] onto SDL's motor strengths; NaN is 0.
func strength(s float64) uint16 {
	if !(s > 0) {
		return 0
	}
	return uint16(math.Round(min(s, 1) * math.MaxUint16))
}

// PadName returns the name of the controller in slot pad, such as "Xbox
// Series X Controller", or "" when none is connected there.
func (w *Window) PadName(pad int) string {
	mustMain("Window.PadName")
	gc, err := w.pads.slot(pad)
	if err != nil {
		return ""
	}
	return gc.Name()
}
