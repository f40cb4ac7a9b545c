// Package virtualpad attaches SDL virtual game controllers, so that tests
// can drive the game controller path of platform/sdl2 the way a real pad
// does: SDL sees a device arrive, maps it, and turns the buttons and axes
// set here into controller events at its next poll. go-sdl2 does not wrap
// SDL_JoystickAttachVirtualEx (SDL 2.24 and newer), so this calls SDL
// through cgo. Call everything on the main OS thread.
//
// A pad holds SDL's joystick subsystem up until it is detached, so that a
// window closing meanwhile does not free it under the test.
package virtualpad

/*
#cgo linux freebsd darwin openbsd pkg-config: sdl2
#cgo windows LDFLAGS: -lSDL2
#include <stdlib.h>
#include <SDL.h>

typedef struct {
	int calls;
	Uint16 low, high;
} rumbleLog;

static int logRumble(void *userdata, Uint16 low, Uint16 high) {
	rumbleLog *l = userdata;
	l->calls++;
	l->low = low;
	l->high = high;
	return 0;
}

// attach attaches a virtual pad with every controller button and axis,
// with rumble motors that write to log when log is not NULL.
static int attach(const char *name, rumbleLog *log) {
	SDL_VirtualJoystickDesc d;
	SDL_zero(d);
	d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
	d.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
	d.naxes = SDL_CONTROLLER_AXIS_MAX;
	d.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
	d.button_mask = (1u << SDL_CONTROLLER_BUTTON_MAX) - 1;
	d.axis_mask = (1u << SDL_CONTROLLER_AXIS_MAX) - 1;
	d.name = name;
	if (log != NULL) {
		d.Rumble = logRumble;
		d.userdata = log;
	}
	return SDL_JoystickAttachVirtualEx(&d);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// Pad is an attached virtual game controller.
type Pad struct {
	id   C.SDL_JoystickID
	joy  *C.SDL_Joystick
	name *C.char
	log  *C.rumbleLog // C memory: SDL keeps the pointer
}

// Attach attaches a virtual pad named name with every button and axis of
// SDL's game controller; with rumble set it has rumble motors, which Rumble
// reports on. SDL announces it with SDL_CONTROLLERDEVICEADDED.
func Attach(name string, rumble bool) (*Pad, error) {
	if C.SDL_InitSubSystem(C.SDL_INIT_JOYSTICK) != 0 {
		return nil, fmt.Errorf("virtualpad: SDL's joysticks: %s", C.GoString(C.SDL_GetError()))
	}
	p := &Pad{name: C.CString(name)}
	if rumble {
		p.log = (*C.rumbleLog)(C.calloc(1, C.sizeof_rumbleLog))
	}
	index := C.attach(p.name, p.log)
	if index < 0 {
		p.free()
		return nil, fmt.Errorf("virtualpad: attach: %s", C.GoString(C.SDL_GetError()))
	}
	// Setting a virtual pad's state needs it open; SDL counts opens, so
	// the controller opened by the code under test is the same device.
	p.joy = C.SDL_JoystickOpen(index)
	if p.joy == nil {
		err := fmt.Errorf("virtualpad: open: %s", C.GoString(C.SDL_GetError()))
		C.SDL_JoystickDetachVirtual(index)
		p.free()
		return nil, err
	}
	p.id = C.SDL_JoystickInstanceID(p.joy)
	return p, nil
}

// ID returns the pad's SDL joystick instance ID.
func (p *Pad) ID() int32 { return int32(p.id) }

// SetButton sets controller button b (an SDL_GameControllerButton) up or
// down; SDL reports it at its next poll.
func (p *Pad) SetButton(b int, down bool) error {
	var s C.Uint8
	if down {
		s = C.SDL_PRESSED
	}
	if C.SDL_JoystickSetVirtualButton(p.joy, C.int(b), s) != 0 {
		return fmt.Errorf("virtualpad: button %d: %s", b, C.GoString(C.SDL_GetError()))
	}
	return nil
}

// SetAxis sets controller axis a (an SDL_GameControllerAxis) to v. A
// trigger at rest is -32768 here, which SDL reports as 0.
func (p *Pad) SetAxis(a int, v int16) error {
	if C.SDL_JoystickSetVirtualAxis(p.joy, C.int(a), C.Sint16(v)) != 0 {
		return fmt.Errorf("virtualpad: axis %d: %s", a, C.GoString(C.SDL_GetError()))
	}
	return nil
}

// Rumble returns how many times the pad's motors were set, and the last
// strengths. It is zero for a pad attached without rumble, or detached.
func (p *Pad) Rumble() (calls int, low, high uint16) {
	if p.log == nil {
		return 0, 0, 0
	}
	return int(p.log.calls), uint16(p.log.low), uint16(p.log.high)
}

// Detach unplugs the pad: SDL announces it with
// SDL_CONTROLLERDEVICEREMOVED. Calling it again does nothing.
func (p *Pad) Detach() error {
	if p.joy == nil {
		return nil
	}
	C.SDL_JoystickClose(p.joy)
	p.joy = nil
	defer p.free()
	for i := range C.SDL_NumJoysticks() {
		if C.SDL_JoystickGetDeviceInstanceID(i) == p.id {
			if C.SDL_JoystickDetachVirtual(i) != 0 {
				return fmt.Errorf("virtualpad: detach: %s", C.GoString(C.SDL_GetError()))
			}
			return nil
		}
	}
	return errors.New("virtualpad: detach: the pad is no longer attached")
}

// free frees the pad's C memory once SDL no longer holds it, and releases
// the joystick subsystem.
func (p *Pad) free() {
	C.free(unsafe.Pointer(p.name))
	C.free(unsafe.Pointer(p.log))
	p.name, p.log = nil, nil
	C.SDL_QuitSubSystem(C.SDL_INIT_JOYSTICK)
}
