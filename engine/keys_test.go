package engine

import (
	"slices"
	"testing"
)

func TestKeySetHoldsEveryKeyBelowNumKeysAndNoOther(t *testing.T) {
	var s KeySet
	keys := []Key{KeyA, 63, 64, 127, KeyLeftSuper, KeyRightSuper, 290, NumKeys - 1}
	for _, k := range keys {
		s.Add(k)
	}
	s.Add(NumKeys)     // beyond the set: left out
	s.Add(NumKeys + 3) // and must not alias a key below
	for k := range Key(NumKeys + 64) {
		if want := slices.Contains(keys, k); s.Has(k) != want {
			t.Errorf("Has(%d) = %v, want %v", k, s.Has(k), want)
		}
	}
	if got := slices.Collect(s.Keys()); !slices.Equal(got, keys) {
		t.Errorf("Keys() = %v, want %v in ascending order", got, keys)
	}
	for _, k := range keys {
		s.Remove(k)
	}
	s.Remove(NumKeys + 1)
	if !s.Empty() {
		t.Errorf("after removing every key the set still holds %v", slices.Collect(s.Keys()))
	}
}

func TestKeySetKeysStopsWhenAsked(t *testing.T) {
	var s KeySet
	s.Add(KeyB)
	s.Add(KeyUp)
	s.Add(300)
	var got []Key
	for k := range s.Keys() {
		got = append(got, k)
		if k == KeyUp {
			break
		}
	}
	if !slices.Equal(got, []Key{KeyB, KeyUp}) {
		t.Errorf("ranging until Up gave %v", got)
	}
}

func TestKeysAreNamedAsSDLNamesThem(t *testing.T) {
	for _, tt := range []struct {
		k    Key
		name string
	}{
		{KeyA, "A"},
		{Key0, "0"},
		{KeyEnter, "Return"},
		{KeyKeypadEnter, "Keypad Enter"},
		{KeySpace, "Space"},
		{KeyGrave, "`"},
		{KeyDelete, "Delete"},
		{KeyPageDown, "PageDown"},
		{KeyKeypad5, "Keypad 5"},
		{KeyNumLock, "Numlock"},
		{KeyCapsLock, "CapsLock"},
		{KeyF24, "F24"},
		{KeyLeftSuper, "Left GUI"},
		{KeyRightAlt, "Right Alt"},
		{290, "EndCall"},
		{KeyUnknown, "Key(0)"},
		{KeyNonUSBackslash, "Key(100)"}, // SDL leaves it unnamed
		{NumKeys - 1, "Key(511)"},
		{60000, "Key(60000)"},
	} {
		if got := tt.k.String(); got != tt.name {
			t.Errorf("Key(%d).String() = %q, want %q", tt.k, got, tt.name)
		}
	}
}

func TestKeyNamedFindsEveryNamedKey(t *testing.T) {
	named := 0
	for k := range Key(NumKeys) {
		name := sdlName(k)
		if name == "" {
			continue
		}
		named++
		got, ok := KeyNamed(name)
		// SDL calls both 40 and 158 "Return": the first wins.
		if !ok || got.String() != name || got > k {
			t.Errorf("KeyNamed(%q) = %d, %v; want %d or an earlier key of that name", name, got, ok, k)
		}
	}
	if named == 0 {
		t.Fatal("no key has a name")
	}
	for _, name := range []string{"", "Key(0)", "Key(100)", "return", "Nothing"} {
		if k, ok := KeyNamed(name); ok {
			t.Errorf("KeyNamed(%q) = %d, true; want no key", name, k)
		}
	}
}

func TestRangingOverAKeySetAllocatesNothing(t *testing.T) {
	var s KeySet
	s.Add(KeyA)
	s.Add(KeyRightSuper)
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		for k := range s.Keys() {
			n += int(k)
		}
	})
	if allocs != 0 {
		t.Errorf("ranging over a key set allocates %v times, want 0", allocs)
	}
	if n != 101*int(KeyA+KeyRightSuper) {
		t.Errorf("the keys summed to %d over 101 runs, want %d", n, 101*int(KeyA+KeyRightSuper))
	}
}
