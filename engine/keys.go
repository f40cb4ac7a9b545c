package engine

import (
	"fmt"
	"iter"
	"math/bits"
)

// Key is a physical key, numbered as USB HID and SDL number scancodes and
// named by its place on a US layout whatever the user's layout prints on
// it, so controls stay where the hands expect them. Every SDL scancode is a
// Key: the ones without a constant here are Key(n) for SDL's scancode n,
// and String names each as SDL does.
//
//go:generate go run ../platform/sdl2/internal/keynames -o keynames.go
type Key uint16

// NumKeys is how many keys a KeySet holds: Key(0) to Key(NumKeys-1), SDL's
// SDL_NUM_SCANCODES. Input drops keys beyond.
const NumKeys = 512

// KeyUnknown is no key; Input drops it.
const KeyUnknown Key = 0

// Named keys, with the numbers SDL gives their scancodes.
const (
	KeyA Key = 4 + iota
	KeyB
	KeyC
	KeyD
	KeyE
	KeyF
	KeyG
	KeyH
	KeyI
	KeyJ
	KeyK
	KeyL
	KeyM
	KeyN
	KeyO
	KeyP
	KeyQ
	KeyR
	KeyS
	KeyT
	KeyU
	KeyV
	KeyW
	KeyX
	KeyY
	KeyZ
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	Key0
	KeyEnter // Return on the main block; the keypad's is KeyKeypadEnter
	KeyEscape
	KeyBackspace
	KeyTab
	KeySpace
	KeyMinus
	KeyEquals
	KeyLeftBracket
	KeyRightBracket
	KeyBackslash
	KeyNonUSHash // '#' left of Enter on ISO keyboards
	KeySemicolon
	KeyApostrophe
	KeyGrave // '`' left of 1
	KeyComma
	KeyPeriod
	KeySlash
	KeyCapsLock
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
	KeyPrintScreen
	KeyScrollLock
	KeyPause
	KeyInsert
	KeyHome
	KeyPageUp
	KeyDelete
	KeyEnd
	KeyPageDown
	KeyRight
	KeyLeft
	KeyDown
	KeyUp
	KeyNumLock
	KeyKeypadDivide
	KeyKeypadMultiply
	KeyKeypadMinus
	KeyKeypadPlus
	KeyKeypadEnter
	KeyKeypad1
	KeyKeypad2
	KeyKeypad3
	KeyKeypad4
	KeyKeypad5
	KeyKeypad6
	KeyKeypad7
	KeyKeypad8
	KeyKeypad9
	KeyKeypad0
	KeyKeypadPeriod
	KeyNonUSBackslash // '\' right of left Shift on ISO keyboards
	KeyApplication    // the context menu key
	KeyPower
	KeyKeypadEquals
	KeyF13
	KeyF14
	KeyF15
	KeyF16
	KeyF17
	KeyF18
	KeyF19
	KeyF20
	KeyF21
	KeyF22
	KeyF23
	KeyF24
)

// Modifier keys.
const (
	KeyLeftCtrl Key = 224 + iota
	KeyLeftShift
	KeyLeftAlt
	KeyLeftSuper // Windows, Command or Meta: SDL's Left GUI
	KeyRightCtrl
	KeyRightShift
	KeyRightAlt
	KeyRightSuper
)

// String returns SDL's name for the key ("A", "Return", "Keypad 5", "Left
// GUI"), or "Key(n)" for a number SDL names no key.
func (k Key) String() string {
	if n := sdlName(k); n != "" {
		return n
	}
	return fmt.Sprintf("Key(%d)", uint16(k))
}

// KeyNamed returns the key SDL names name, as String gives it; false when
// no key has that name. Where SDL gives two keys one name (Return), it is
// the first.
func KeyNamed(name string) (Key, bool) {
	if name == "" {
		return KeyUnknown, false
	}
	for k := range Key(NumKeys) {
		if sdlName(k) == name {
			return k, true
		}
	}
	return KeyUnknown, false
}

// KeySet is a set of keys as a fixed bitset: comparable, copyable and free
// of allocation, so a tick's input can be recorded and compared as a value.
// It holds keys below NumKeys; it never holds the others.
type KeySet [NumKeys / 64]uint64

// Has reports whether k is in the set.
func (s *KeySet) Has(k Key) bool { return k < NumKeys && s[k>>6]&(1<<(k&63)) != 0 }

// Add puts k in the set; a key beyond NumKeys is left out.
func (s *KeySet) Add(k Key) {
	if k < NumKeys {
		s[k>>6] |= 1 << (k & 63)
	}
}

// Remove takes k out of the set.
func (s *KeySet) Remove(k Key) {
	if k < NumKeys {
		s[k>>6] &^= 1 << (k & 63)
	}
}

// Empty reports whether the set holds no key.
func (s *KeySet) Empty() bool { return *s == KeySet{} }

// Keys yields the keys in the set in ascending order: for a screen that
// asks the player to press the key for an action.
func (s *KeySet) Keys() iter.Seq[Key] {
	return func(yield func(Key) bool) {
		for i, w := range s {
			for w != 0 {
				b := bits.TrailingZeros64(w)
				if !yield(Key(i*64 + b)) {
					return
				}
				w &= w - 1
			}
		}
	}
}
