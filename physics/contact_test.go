package physics

import "testing"

func TestContactOtherNamesTheOtherBodyFromEitherSide(t *testing.T) {
	c := Contact{A: 3, B: 7}
	for _, tt := range []struct {
		id, want BodyID
		ok       bool
	}{{3, 7, true}, {7, 3, true}, {5, 0, false}, {Ground, 0, false}} {
		if got, ok := c.Other(tt.id); got != tt.want || ok != tt.ok {
			t.Errorf("Other(%d) = %d, %v; want %d, %v", tt.id, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFilterCollidesBothWaysAndKeepsGroupsApart(t *testing.T) {
	for _, tt := range []struct {
		name string
		f, g Filter
		want bool
	}{
		{"zero filters", Filter{}, Filter{}, true},
		{"masks that take each other", Filter{Categories: 2, Mask: 4}, Filter{Categories: 4, Mask: 2}, true},
		{"one mask leaves the other out", Filter{Categories: 2, Mask: 4}, Filter{Categories: 4, Mask: 1}, false},
		{"the same positive group", Filter{Group: 3}, Filter{Group: 3}, false},
		{"different groups", Filter{Group: 3}, Filter{Group: 4}, true},
		{"group 0 is none", Filter{Group: 0, Mask: 1}, Filter{Group: 0}, true},
		{"a zero mask means every category", Filter{Categories: 0x8000}, Filter{Categories: 1, Mask: 0x8000}, true},
	} {
		if got, back := tt.f.Collides(tt.g), tt.g.Collides(tt.f); got != tt.want || back != tt.want {
			t.Errorf("%s: Collides = %v and %v the other way, want %v", tt.name, got, back, tt.want)
		}
	}
}
