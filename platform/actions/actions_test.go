package actions

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// sink records the key edges it is given, as "name+" or "name-".
type sink struct {
	m     *Map
	edges []string
}

func (s *sink) Key(k engine.Key, down bool) {
	name := k.String()
	if k >= firstKey {
		name = s.m.Name(Action(k - firstKey))
	}
	s.edges = append(s.edges, fmt.Sprintf("%s%s", name, map[bool]string{true: "+", false: "-"}[down]))
}
func (s *sink) Button(mouse.Button, bool)           {}
func (s *sink) Pointer(float64, float64)            {}
func (s *sink) Scroll(int32, int32)                 {}
func (s *sink) Text([]byte)                         {}
func (s *sink) PadConnected(int, bool)              {}
func (s *sink) PadButton(int, gamepad.Button, bool) {}
func (s *sink) PadAxis(int, gamepad.Axis, int16)    {}
func (s *sink) Window(engine.WindowState)           {}
func (s *sink) Quit()                               {}

func testMap(t *testing.T) *Map {
	t.Helper()
	m, err := New([]Def{
		{Name: "fire", Defaults: []Binding{KeyBinding(engine.KeySpace), PadBinding(gamepad.A)}},
		{Name: "left", Defaults: []Binding{KeyBinding(engine.KeyA), AxisBinding(gamepad.LeftX, -1)}},
		{Name: "menu", Defaults: []Binding{KeyBinding(engine.KeyEscape), MouseBinding(mouse.Right)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestActionsFollowTheirBindings(t *testing.T) {
	tests := []struct {
		name   string
		events func(s host.EventSink)
		want   []string
	}{
		{"a key", func(s host.EventSink) { s.Key(engine.KeySpace, true); s.Key(engine.KeySpace, false) },
			[]string{"Space+", "fire+", "Space-", "fire-"}},
		{"two bindings held: up when both are", func(s host.EventSink) {
			s.PadConnected(0, true)
			s.Key(engine.KeySpace, true)
			s.PadButton(0, gamepad.A, true)
			s.Key(engine.KeySpace, false)
			s.PadButton(0, gamepad.A, false)
		}, []string{"Space+", "fire+", "Space-", "fire-"}},
		{"an axis past half, back below a third", func(s host.EventSink) {
			s.PadAxis(1, gamepad.LeftX, -12000) // not yet
			s.PadAxis(1, gamepad.LeftX, -20000)
			s.PadAxis(1, gamepad.LeftX, -14000) // still: hysteresis
			s.PadAxis(1, gamepad.LeftX, -5000)
		}, []string{"left+", "left-"}},
		{"the controller going away releases", func(s host.EventSink) {
			s.PadButton(2, gamepad.A, true)
			s.PadConnected(2, false)
		}, []string{"fire+", "fire-"}},
		{"a mouse button", func(s host.EventSink) { s.Button(mouse.Right, true) }, []string{"menu+"}},
		{"an unbound key is only itself", func(s host.EventSink) { s.Key(engine.KeyQ, true) }, []string{"Q+"}},
		{"a forged action key is dropped", func(s host.EventSink) { s.Key(Action(0).Key(), true) }, nil},
	}
	for _, tt := range tests {
		m := testMap(t)
		s := &sink{m: m}
		tt.events(m.Wrap(s))
		if !slices.Equal(s.edges, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, s.edges, tt.want)
		}
	}
}

func TestCaptureTakesTheNextControlAwayFromTheGame(t *testing.T) {
	for _, tt := range []struct {
		name   string
		events func(s host.EventSink)
		want   Binding
	}{
		{"key", func(s host.EventSink) { s.Key(engine.KeyK, true) }, KeyBinding(engine.KeyK)},
		{"pad button", func(s host.EventSink) { s.PadButton(0, gamepad.Y, true) }, PadBinding(gamepad.Y)},
		{"mouse", func(s host.EventSink) { s.Button(mouse.X1, true) }, MouseBinding(mouse.X1)},
		{"axis pushed most of the way", func(s host.EventSink) {
			s.PadAxis(0, gamepad.RightY, 20000) // not far enough
			s.PadAxis(0, gamepad.RightY, 30000)
		}, AxisBinding(gamepad.RightY, 1)},
	} {
		m := testMap(t)
		s := &sink{m: m}
		if _, ok := m.Captured(); ok {
			t.Fatal("Captured before Capture")
		}
		m.Capture()
		tt.events(m.Wrap(s))
		got, ok := m.Captured()
		if !ok || got != tt.want || m.Capturing() {
			t.Errorf("%s: captured %v (%v), still capturing %v; want %v", tt.name, got, ok, m.Capturing(), tt.want)
		}
		if tt.want.Source == Key && len(s.edges) != 0 {
			t.Errorf("%s: the game saw %q", tt.name, s.edges)
		}
		if _, again := m.Captured(); again {
			t.Errorf("%s: Captured answered twice", tt.name)
		}
	}
}

func TestRebindSwapsWithTheActionThatHadTheControl(t *testing.T) {
	m := testMap(t)
	fire, _ := m.Action("fire")
	left, _ := m.Action("left")
	c, clash, err := m.Rebind(fire, 0, KeyBinding(engine.KeyA)) // A was left's
	if err != nil || !clash || c.Action != left || c.Slot != 0 || c.Now != KeyBinding(engine.KeySpace) {
		t.Fatalf("Rebind: %+v %v %v; want left's slot 0 now Space", c, clash, err)
	}
	if m.Binding(fire, 0) != KeyBinding(engine.KeyA) || m.Binding(left, 0) != KeyBinding(engine.KeySpace) {
		t.Fatalf("after the swap fire has %v and left %v", m.Binding(fire, 0), m.Binding(left, 0))
	}
	s := &sink{m: m}
	m.Wrap(s).Key(engine.KeyA, true)
	if !slices.Equal(s.edges, []string{"A+", "fire+"}) {
		t.Fatalf("A after rebinding: %q", s.edges)
	}
	if _, clash, _ := m.Rebind(fire, 2, KeyBinding(engine.KeyF)); clash {
		t.Error("a free control reported a conflict")
	}
	if _, _, err := m.Rebind(fire, Slots, KeyBinding(engine.KeyF)); err == nil {
		t.Error("a slot past Slots: no error")
	}
}

func TestBindingsSaveAsTextAndLoadBack(t *testing.T) {
	all := []Binding{{}, KeyBinding(engine.KeyLeftShift), KeyBinding(engine.KeyEnter), MouseBinding(mouse.Middle),
		PadBinding(gamepad.LeftShoulder), PadBinding(gamepad.Left), AxisBinding(gamepad.LeftX, -1), AxisBinding(gamepad.RightTrigger, 1)}
	for _, b := range all {
		got, err := ParseBinding(b.String())
		if err != nil || got != b {
			t.Errorf("ParseBinding(%q) = %v, %v; want %v", b.String(), got, err, b)
		}
	}
	m := testMap(t)
	fire, _ := m.Action("fire")
	m.Rebind(fire, 1, AxisBinding(gamepad.RightTrigger, 1))
	saved := m.Bindings()
	n := testMap(t)
	if err := n.SetBindings(saved); err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(n.Bindings(), saved, slices.Equal) {
		t.Fatalf("loaded %v, want %v", n.Bindings(), saved)
	}
	before := n.Bindings()
	for _, bad := range []map[string][]string{{"jump": {"Space"}}, {"fire": {"Hyperspace"}}, {"fire": {"A", "B", "C", "D"}}} {
		if err := n.SetBindings(bad); err == nil {
			t.Errorf("SetBindings(%v): no error", bad)
		}
	}
	if !maps.EqualFunc(n.Bindings(), before, slices.Equal) {
		t.Error("a refused SetBindings changed the bindings")
	}
	n.Reset()
	if n.Binding(fire, 1) != PadBinding(gamepad.A) {
		t.Error("Reset did not restore the defaults")
	}
}

func TestNewRefusesBadDefinitions(t *testing.T) {
	for _, defs := range [][]Def{
		nil,
		{{Name: ""}},
		{{Name: "a"}, {Name: "a"}},
		{{Name: "a", Defaults: make([]Binding, Slots+1)}},
		make([]Def, MaxActions+1),
	} {
		if _, err := New(defs); err == nil {
			t.Errorf("New(%v): no error", defs)
		}
	}
}

func TestAPollThroughTheMapAllocatesNothing(t *testing.T) {
	m := testMap(t)
	allocs := testing.AllocsPerRun(100, func() {
		w := m.Wrap(discard{})
		w.Key(engine.KeySpace, true)
		w.PadAxis(0, gamepad.LeftX, -30000)
		w.PadAxis(0, gamepad.LeftX, 0)
		w.Key(engine.KeySpace, false)
		w.Window(engine.WindowState{})
	})
	if allocs != 0 {
		t.Fatalf("%v allocations a poll, want 0", allocs)
	}
}

type discard struct{}

func (discard) Key(engine.Key, bool)                {}
func (discard) Button(mouse.Button, bool)           {}
func (discard) Pointer(float64, float64)            {}
func (discard) Scroll(int32, int32)                 {}
func (discard) Text([]byte)                         {}
func (discard) PadConnected(int, bool)              {}
func (discard) PadButton(int, gamepad.Button, bool) {}
func (discard) PadAxis(int, gamepad.Axis, int16)    {}
func (discard) Window(engine.WindowState)           {}
func (discard) Quit()                               {}
