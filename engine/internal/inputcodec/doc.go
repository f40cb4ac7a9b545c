// Package inputcodec is the one encoding of engine.Input: recordings
// (engine/tape) and the netplay wire (engine/netplay) both hold inputs as
// its records, so a field added to Input is either encoded for both or
// caught by this package's tests for both.
//
// A record is an input coded against the input before it in its stream
// (the zero Input for the first): only the fields where it differs from
// that input's held state (engine.Input.Held: keys, buttons, pads and the
// pointer held as they were, nothing pressed, released, scrolled or
// typed). Integers are unsigned varints (encoding/binary) unless said
// otherwise, each in its shortest form; fixed-width numbers are little
// endian.
//
//	record   mask fields...
//
// The mask's bits say which fields differ (bit 0 first, so that the common
// ones fit its first byte):
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
//	MouseX, MouseY            the change from the baseline in quarter
//	                          units, doubled, as a zigzag varint, when
//	                          both are whole numbers of quarters under
//	                          2^40 (and not -0); else the zigzag varint
//	                          1 and the IEEE-754 bits, fixed 8 bytes
//	WheelX, WheelY            zigzag varints
//	WindowWidth, Height       zigzag varints
//	Text                      a length byte (1 to 32), then that many
//	                          bytes of UTF-8
//	Pads[0] to Pads[3]        a pad mask, then its fields
//
// A pad mask's bits 0-5 say which axes differ, bit 6 that Connected is the
// opposite of the baseline's, bits 7-9 that Buttons, Pressed, Released
// differ; the axes follow as fixed 2-byte integers, then the button sets
// as varints.
//
// Tape format versions 3 and 4 held the same records but for the pointer,
// always its 8 IEEE-754 bytes: Decoder.Fixed reads them, so recordings
// made before this package replay unchanged. Tape version 5 and netplay
// wire version 2 hold these records. A decoder accepts exactly what Append writes for an input Check allows:
// every flagged field differs from the baseline, every varint is in its
// shortest form, so decoding and encoding again gives the same bytes (the
// netplay host relays what it decoded).
package inputcodec
