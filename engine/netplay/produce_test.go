package netplay

import (
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// A peer that draws ahead takes its input at the present tick (Local) and
// is asked for the same tick again once it is verified (Inputs): the
// press it took once must not be played again in the tick after.
func TestAPredictedTicksInputIsTakenOnce(t *testing.T) {
	hl, jl := &queueLink{}, &queueLink{}
	h, err := New(Config{Terms: Terms{Players: 2}, Local: Local{Rollback: 8}, Slot: 0, Peers: []Peer{{Slot: 1, Link: hl}}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := New(Config{Terms: Terms{Players: 2}, Local: Local{Rollback: 8}, Slot: 1, Peers: []Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := j.Local(0, &engine.Input{}); !ok || err != nil {
		t.Fatalf("joiner's Local(0): %v %v", ok, err)
	}
	hl.in, jl.sent = jl.sent, nil
	_ = h.Frame(1, false)
	var press engine.Input
	press.Down.Add(engine.KeyA)
	press.Pressed.Add(engine.KeyA)
	if ok, err := h.Local(0, &press); !ok || err != nil {
		t.Fatalf("host's Local(0): %v %v", ok, err)
	}
	players := make([]engine.Input, 2)
	if ok, err := h.Inputs(0, &press, players, constHash(0)); !ok || err != nil {
		t.Fatalf("host's Inputs(0): %v %v", ok, err)
	}
	held := press.Held()
	if ok, err := h.Local(1, &held); !ok || err != nil {
		t.Fatalf("host's Local(1): %v %v", ok, err)
	}
	if got := h.slots[0].at(1).in; got.Pressed.Has(engine.KeyA) {
		t.Fatal("the press taken at tick 0 is played again at tick 1")
	}
}
