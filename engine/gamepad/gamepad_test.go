package gamepad

import "testing"

func TestAxisTakesOutTheDeadZone(t *testing.T) {
	tests := []struct {
		axis Axis
		raw  int16
		want float64
	}{
		{LeftX, 0, 0},
		{LeftX, StickDeadZone, 0},
		{LeftX, -StickDeadZone, 0},
		{RightY, 32767, 1},
		{RightY, -32767, -1},
		{RightY, -32768, -1}, // one past the end of travel
		{LeftY, StickDeadZone + (32767-StickDeadZone)/2, 0.5},
		{LeftY, -StickDeadZone - 1, -1 / float64(32767-StickDeadZone)},
		{LeftTrigger, TriggerDeadZone, 0},
		{RightTrigger, TriggerDeadZone + 1, 1 / float64(32767-TriggerDeadZone)},
		{RightTrigger, 32767, 1},
		{NumAxes, 32767, 0},
	}
	for _, tt := range tests {
		var p State
		if tt.axis < NumAxes {
			p.Axes[tt.axis] = tt.raw
		}
		if got := p.Axis(tt.axis); got != tt.want {
			t.Errorf("axis %d at %d: %v, want %v", tt.axis, tt.raw, got, tt.want)
		}
	}
	p := State{Axes: [NumAxes]int16{LeftX: 100}}
	if got := p.AxisBeyond(LeftX, 0); got != 100.0/32767 {
		t.Errorf("AxisBeyond with no dead zone: %v, want %v", got, 100.0/32767)
	}
	if got := p.AxisBeyond(LeftX, 40000); got != 0 {
		t.Errorf("AxisBeyond with a dead zone past the travel: %v, want 0", got)
	}
}

func TestButtonSetHasOnlyRealButtons(t *testing.T) {
	s := ButtonSet(1)<<A | ButtonSet(1)<<Touchpad | 1<<31
	for b := range Button(40) {
		want := b == A || b == Touchpad
		if s.Has(b) != want {
			t.Errorf("Has(%d) = %v, want %v", b, s.Has(b), want)
		}
	}
}
