package engine

import (
	"strings"
	"testing"
)

func TestTextAppendKeepsWholeCharactersOfValidUTF8(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   string
		all    bool
	}{
		{"ascii", []string{"abc"}, "abc", true},
		{"multibyte", []string{"日本", "🎮"}, "日本🎮", true},
		{"invalid bytes are skipped", []string{"a\xffb\xc3"}, "ab", true},
		{"a rune split across chunks is no text", []string{"\xe6\x97", "\xa5x"}, "x", true},
		{"exactly full", []string{strings.Repeat("x", maxText)}, strings.Repeat("x", maxText), true},
		{"a rune past the end", []string{strings.Repeat("x", maxText-3) + "🎮"}, strings.Repeat("x", maxText-3), false},
	}
	for _, tt := range tests {
		var txt Text
		all := true
		for _, c := range tt.chunks {
			all = txt.Append([]byte(c)) && all
		}
		if txt.String() != tt.want || all != tt.all || txt.Len() != len(tt.want) || string(txt.Bytes()) != tt.want {
			t.Errorf("%s: %q (all fitted: %v), want %q (%v)", tt.name, txt.String(), all, tt.want, tt.all)
		}
		// Equal text compares equal whatever was appended on the way.
		var same Text
		same.Append([]byte(tt.want))
		if txt != same {
			t.Errorf("%s: two Texts of %q differ", tt.name, tt.want)
		}
		txt.Reset()
		if txt != (Text{}) {
			t.Errorf("%s: Reset left %q", tt.name, txt.String())
		}
	}
}

func TestPadAxisTakesOutTheDeadZone(t *testing.T) {
	tests := []struct {
		axis PadAxis
		raw  int16
		want float64
	}{
		{PadLeftX, 0, 0},
		{PadLeftX, StickDeadZone, 0},
		{PadLeftX, -StickDeadZone, 0},
		{PadRightY, 32767, 1},
		{PadRightY, -32767, -1},
		{PadRightY, -32768, -1}, // one past the end of travel
		{PadLeftY, StickDeadZone + (32767-StickDeadZone)/2, 0.5},
		{PadLeftY, -StickDeadZone - 1, -1 / float64(32767-StickDeadZone)},
		{PadLeftTrigger, TriggerDeadZone, 0},
		{PadRightTrigger, TriggerDeadZone + 1, 1 / float64(32767-TriggerDeadZone)},
		{PadRightTrigger, 32767, 1},
		{NumPadAxes, 32767, 0},
	}
	for _, tt := range tests {
		var p Pad
		if tt.axis < NumPadAxes {
			p.Axes[tt.axis] = tt.raw
		}
		if got := p.Axis(tt.axis); got != tt.want {
			t.Errorf("axis %d at %d: %v, want %v", tt.axis, tt.raw, got, tt.want)
		}
	}
	p := Pad{Axes: [NumPadAxes]int16{PadLeftX: 100}}
	if got := p.AxisBeyond(PadLeftX, 0); got != 100.0/32767 {
		t.Errorf("AxisBeyond with no dead zone: %v, want %v", got, 100.0/32767)
	}
	if got := p.AxisBeyond(PadLeftX, 40000); got != 0 {
		t.Errorf("AxisBeyond with a dead zone past the travel: %v, want 0", got)
	}
}

func TestPadButtonSetHasOnlyRealButtons(t *testing.T) {
	s := PadButtonSet(1)<<PadA | PadButtonSet(1)<<PadTouchpad | 1<<31
	for b := range PadButton(40) {
		want := b == PadA || b == PadTouchpad
		if s.Has(b) != want {
			t.Errorf("Has(%d) = %v, want %v", b, s.Has(b), want)
		}
	}
}
