package tape

import (
	"encoding/binary"
	"hash/crc32"
	"math"

	"github.com/lockstep-engine/lockstep/engine"
)

// The encoding, version 3. Integers are unsigned varints (encoding/binary)
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
// A tick's baseline is the tick before's input without its edges
// (engine.Input.Held): keys, buttons, pads and the pointer held as they
// were, nothing pressed, released, scrolled or typed. The mask's bits say
// which fields differ (bit 0 first, so that the common ones fit its first
// byte):
//
//	0 MouseX   1 MouseY    2 Down   3 Pressed   4 Released   5 Pads[0]
//	6 Text     7 WheelX    8 WheelY   9 Buttons   10 ButtonsPressed
//	11 ButtonsReleased   12 WindowWidth   13 WindowHeight   14-16 Pads[1:]
//
// and their values follow in this order:
//
//	Down, Pressed, Released   a byte of which of the 8 64-bit words are
//	                          nonzero, then those words
//	Buttons, ButtonsPressed,  a byte each
//	ButtonsReleased
//	MouseX, MouseY            IEEE-754 bits, fixed 8 bytes
//	WheelX, WheelY            zigzag varints
//	WindowWidth, Height       zigzag varints
//	Text                      a length byte (1 to 32), then that many
//	                          bytes of UTF-8
//	Pads[0] to Pads[3]        a pad mask, then its fields
//
// A pad mask's bits 0-5 say which axes differ, bit 6 that Connected is the
// opposite of the baseline's, bits 7-9 that Buttons, Pressed, Released
// differ; the axes follow as fixed 2-byte integers, then the button sets
// as varints. Version 3 numbered keys as SDL's scancodes (up to 511) and
// added text and pads; version 2 recordings numbered keys 1 to 75.
//
// Each crc32 is CRC-32C of every byte of the file before it except the
// crc32s, so each one vouches for the bytes since the one before and for
// the whole chain: a piece dropped, moved or taken from another recording
// breaks it. (Version 2 folded each crc32 into the next, which made every
// piece check on its own: a CRC followed by itself always checks to the
// same value.) A checkpoint comes before every tick
// whose number is a multiple of the interval, and a same run never
// crosses one.
//
// What a recording can cost. The interval is 1 to 60 ticks (60 is what
// the recorder writes), so at least 16 bytes (a checkpoint of 14 or more,
// a same run of 2) stand for at most 60 ticks: a recording of n bytes
// holds fewer than 4n ticks, and a replay compares the state at least
// every 60 ticks, so one that stops matching is refused within 60 ticks
// of where it does, however long it claims to be. Reading one through
// (Read, ReadFile, Checkpoints, tools/replay -check) passes over a same
// run at once: its cost follows the bytes, not the ticks. (Readers once
// took intervals up to 2^20: 22 KB then held 10^9 ticks.)
const magic = "LSTAPE\r\n"

const (
	tagSame  = 0x01
	tagInput = 0x02
	tagCheck = 0x03
	tagEnd   = 0x04
)

// Fields of an engine.Input, as mask bits: those that change most often
// first, so that most records' masks fit the first byte of their varint.
const (
	fMouseX = 1 << iota
	fMouseY
	fDown
	fPressed
	fReleased
	fPad0
	fText
	fWheelX
	fWheelY
	fButtons
	fButtonsPressed
	fButtonsReleased
	fWindowWidth
	fWindowHeight
	fPad1 // then fPad1<<1 and fPad1<<2 for pads 2 and 3
	fAll  = fPad1<<(engine.MaxPads-1) - 1
)

// fPad returns the mask bit of pad i.
func fPad(i int) uint64 {
	if i == 0 {
		return fPad0
	}
	return fPad1 << (i - 1)
}

// Bits of a pad's mask.
const (
	pAxis0     = 1 << iota // then pAxis0<<1 to pAxis0<<5
	pConnected = pAxis0 << engine.NumPadAxes
	pButtons   = pConnected << 1
	pPressed   = pConnected << 2
	pReleased  = pConnected << 3
	pAll       = pReleased<<1 - 1
)

// Most tick counts a recording may hold; far beyond any run (a year at
// 10,000 ticks per second is 2^38).
const maxTicks = 1 << 48

// buttonMask holds every MouseButton, padButtonMask every PadButton.
const (
	buttonMask    = 1<<(engine.MouseX2+1) - 1
	padButtonMask = 1<<engine.NumPadButtons - 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// baseline is what a tick's input is compared with: prev without edges.
func baseline(prev *engine.Input) engine.Input { return prev.Held() }

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
	if in.Text != base.Text {
		m |= fText
	}
	for i := range in.Pads {
		if in.Pads[i] != base.Pads[i] {
			m |= fPad(i)
		}
	}
	return m
}

// padDiff returns the pad mask of p against base.
func padDiff(p, base *engine.Pad) uint64 {
	var m uint64
	for i := range p.Axes {
		if p.Axes[i] != base.Axes[i] {
			m |= pAxis0 << i
		}
	}
	if p.Connected != base.Connected {
		m |= pConnected
	}
	if p.Buttons != base.Buttons {
		m |= pButtons
	}
	if p.Pressed != base.Pressed {
		m |= pPressed
	}
	if p.Released != base.Released {
		m |= pReleased
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
	if m&fText != 0 {
		b = append(b, byte(in.Text.Len()))
		b = append(b, in.Text.Bytes()...)
	}
	for i := range in.Pads {
		if m&fPad(i) != 0 {
			b = appendPad(b, &in.Pads[i], &base.Pads[i])
		}
	}
	return b
}

func appendPad(b []byte, p, base *engine.Pad) []byte {
	m := padDiff(p, base)
	b = binary.AppendUvarint(b, m)
	for i, v := range p.Axes {
		if m&(pAxis0<<i) != 0 {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	for i, s := range [...]engine.PadButtonSet{p.Buttons, p.Pressed, p.Released} {
		if m&(pButtons<<i) != 0 {
			b = binary.AppendUvarint(b, uint64(s))
		}
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

// Longest input record: tag, mask, three key sets of a byte and eight
// 10-byte words, three buttons, two coordinates, two wheels, the window,
// the text and four pads of a mask, six axes and three button sets.
const (
	maxPadRecord   = 2 + 2*engine.NumPadAxes + 3*binary.MaxVarintLen32
	maxInputRecord = 1 + 3 + 3*(1+len(engine.KeySet{})*binary.MaxVarintLen64) + 3 + 2*8 + 4*binary.MaxVarintLen32 +
		1 + engine.MaxText + engine.MaxPads*maxPadRecord
)
