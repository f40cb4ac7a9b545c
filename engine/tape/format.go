package tape

import (
	"encoding/binary"
	"hash/crc32"
	"math"

	"github.com/lockstep-engine/lockstep/engine"
)

// The encoding, version 2. Integers are unsigned varints (encoding/binary)
// unless said otherwise; fixed-width numbers are little endian.
//
//	header   magic[8] version name(scene) seed tps interval name(platform)
//	         count setting... crc32
//	setting  name(name) name(value)   count ≤ 64, names unique
//	name     length bytes             length ≤ 255; printable UTF-8
//	record   same | input | check | end
//	same     0x01 n                      n ≥ 1 ticks, each the baseline
//	input    0x02 mask fields...         one tick: the fields that differ
//	check    0x03 tick digest[8] crc32   before tick `tick`, every interval
//	end      0x04 ticks digest[8] crc32  the tick count and the final hash
//
// A tick's baseline is the tick before's input without its edges: keys,
// buttons and the pointer held as they were, nothing pressed, released or
// scrolled. Mask bit i says field i of maskFields differs; key sets are a
// byte of which 64-bit words are nonzero then those words, button sets a
// byte, pointer coordinates their IEEE-754 bits, wheel clicks and the
// window's size zigzag varints.
//
// Each crc32 is CRC-32C of every byte of the file before it, so each one
// vouches for the bytes since the one before and for the whole chain: a
// piece dropped or moved breaks it. A checkpoint comes before every tick whose number is a
// multiple of the interval, and a same run never crosses one.
const magic = "LSTAPE\r\n"

const (
	tagSame  = 0x01
	tagInput = 0x02
	tagCheck = 0x03
	tagEnd   = 0x04
)

// Fields of an engine.Input, as mask bits.
const (
	fDown = 1 << iota
	fPressed
	fReleased
	fButtons
	fButtonsPressed
	fButtonsReleased
	fMouseX
	fMouseY
	fWheelX
	fWheelY
	fWindowWidth
	fWindowHeight
	fAll = 1<<iota - 1
)

// Most tick counts a recording may hold; far beyond any run (a year at
// 10,000 ticks per second is 2^38).
const maxTicks = 1 << 48

// buttonMask holds every MouseButton.
const buttonMask = 1<<(engine.MouseX2+1) - 1

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// baseline is what a tick's input is compared with: prev without edges.
func baseline(prev *engine.Input) engine.Input {
	return engine.Input{Down: prev.Down, Buttons: prev.Buttons, MouseX: prev.MouseX, MouseY: prev.MouseY,
		WindowWidth: prev.WindowWidth, WindowHeight: prev.WindowHeight}
}

// diff returns the mask of fields where in differs from base.
func diff(in, base *engine.Input) uint64 {
	var m uint64
	if in.Down != base.Down {
		m |= fDown
	}
	if in.Pressed != base.Pressed {
		m |= fPressed
	}
	if in.Released != base.Released {
		m |= fReleased
	}
	if in.Buttons != base.Buttons {
		m |= fButtons
	}
	if in.ButtonsPressed != base.ButtonsPressed {
		m |= fButtonsPressed
	}
	if in.ButtonsReleased != base.ButtonsReleased {
		m |= fButtonsReleased
	}
	if math.Float64bits(in.MouseX) != math.Float64bits(base.MouseX) {
		m |= fMouseX
	}
	if math.Float64bits(in.MouseY) != math.Float64bits(base.MouseY) {
		m |= fMouseY
	}
	if in.WheelX != base.WheelX {
		m |= fWheelX
	}
	if in.WheelY != base.WheelY {
		m |= fWheelY
	}
	if in.WindowWidth != base.WindowWidth {
		m |= fWindowWidth
	}
	if in.WindowHeight != base.WindowHeight {
		m |= fWindowHeight
	}
	return m
}

// appendInput appends an input record of in against base.
func appendInput(b []byte, in, base *engine.Input) []byte {
	m := diff(in, base)
	b = append(b, tagInput)
	b = binary.AppendUvarint(b, m)
	if m&fDown != 0 {
		b = appendKeys(b, &in.Down)
	}
	if m&fPressed != 0 {
		b = appendKeys(b, &in.Pressed)
	}
	if m&fReleased != 0 {
		b = appendKeys(b, &in.Released)
	}
	if m&fButtons != 0 {
		b = append(b, byte(in.Buttons))
	}
	if m&fButtonsPressed != 0 {
		b = append(b, byte(in.ButtonsPressed))
	}
	if m&fButtonsReleased != 0 {
		b = append(b, byte(in.ButtonsReleased))
	}
	if m&fMouseX != 0 {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(in.MouseX))
	}
	if m&fMouseY != 0 {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(in.MouseY))
	}
	if m&fWheelX != 0 {
		b = binary.AppendVarint(b, int64(in.WheelX))
	}
	if m&fWheelY != 0 {
		b = binary.AppendVarint(b, int64(in.WheelY))
	}
	if m&fWindowWidth != 0 {
		b = binary.AppendVarint(b, int64(in.WindowWidth))
	}
	if m&fWindowHeight != 0 {
		b = binary.AppendVarint(b, int64(in.WindowHeight))
	}
	return b
}

func appendKeys(b []byte, k *engine.KeySet) []byte {
	var present byte
	for i, w := range k {
		if w != 0 {
			present |= 1 << i
		}
	}
	b = append(b, present)
	for _, w := range k {
		if w != 0 {
			b = binary.AppendUvarint(b, w)
		}
	}
	return b
}

// Longest input record: tag, mask, three key sets of a byte and four
// 10-byte words, three buttons, two coordinates, two wheels, the window.
const maxInputRecord = 1 + 2 + 3*(1+4*binary.MaxVarintLen64) + 3 + 2*8 + 4*binary.MaxVarintLen32
