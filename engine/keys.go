package engine

// Key is a physical key, named by its place on a US layout whatever the
// user's layout prints on it, so controls stay where the hands expect them.
type Key uint8

// The keys the engine knows. Platforms map theirs onto these; a key with no
// name here arrives as KeyUnknown and is dropped.
const (
	KeyUnknown Key = iota
	KeyA
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
	Key0
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	KeySpace
	KeyEnter
	KeyEscape
	KeyTab
	KeyBackspace
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyMinus
	KeyEquals
	KeyPeriod
	KeyComma
	KeySlash
	KeyLeftShift
	KeyRightShift
	KeyLeftCtrl
	KeyRightCtrl
	KeyLeftAlt
	KeyRightAlt
	KeyKeypadPlus
	KeyKeypadMinus
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

	keyCount // keep last
)

// KeySet is a set of keys as a fixed bitset: comparable, copyable and free
// of allocation, so a tick's input can be recorded and compared as a value.
type KeySet [4]uint64

// Has reports whether k is in the set.
func (s *KeySet) Has(k Key) bool { return s[k>>6]&(1<<(k&63)) != 0 }

// Add puts k in the set.
func (s *KeySet) Add(k Key) { s[k>>6] |= 1 << (k & 63) }

// Remove takes k out of the set.
func (s *KeySet) Remove(k Key) { s[k>>6] &^= 1 << (k & 63) }

// Empty reports whether the set holds no key.
func (s *KeySet) Empty() bool { return *s == KeySet{} }

// MouseButton is a mouse button.
type MouseButton uint8

// The mouse buttons the engine knows.
const (
	MouseLeft MouseButton = iota
	MouseMiddle
	MouseRight
	MouseX1
	MouseX2
)

// ButtonSet is a set of mouse buttons as a bitset.
type ButtonSet uint8

// Has reports whether b is in the set.
func (s ButtonSet) Has(b MouseButton) bool { return s&(1<<b) != 0 }
