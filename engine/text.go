package engine

import "unicode/utf8"

// maxText is the most text, in bytes of UTF-8, that a Text holds.
const maxText = 32

// Text is UTF-8 text the user typed, held in place so that Input stays a
// comparable value that costs no allocation. It is always valid UTF-8, and
// its unused bytes are zero, so equal texts compare equal. It holds at
// most 32 bytes, one tick's typing: at 60 ticks a second, 1,920 bytes a
// second, far beyond anyone's. What is typed beyond it before the next
// tick is dropped (whole characters: a tick never sees half of one), as
// Append reports. The zero Text is empty.
type Text struct {
	n   uint8
	buf [maxText]byte
}

// Bytes returns the text. It points into t: valid while t is.
func (t *Text) Bytes() []byte { return t.buf[:t.n] }

// String returns the text as a string.
func (t Text) String() string { return string(t.buf[:t.n]) }

// Len returns the text's length in bytes.
func (t *Text) Len() int { return int(t.n) }

// Append appends the characters of b while they fit, and reports whether
// all of b did. Bytes that are not UTF-8 are skipped: they are no text.
func (t *Text) Append(b []byte) (all bool) {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			b = b[max(size, 1):]
			continue
		}
		if int(t.n)+size > maxText {
			return false
		}
		t.n += uint8(copy(t.buf[t.n:], b[:size]))
		b = b[size:]
	}
	return true
}

// Reset empties the text.
func (t *Text) Reset() { *t = Text{} }
