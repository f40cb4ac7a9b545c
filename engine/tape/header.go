package tape

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// Header describes the run a recording holds: everything that must be the
// same for a replay to reproduce it.
type Header struct {
	Scene    string // scene name: printable text, at most 255 bytes
	Seed     uint64 // scene randomness
	TPS      int    // fixed ticks per second
	Interval int    // ticks between state hashes, 1 to DefaultInterval; 0 means DefaultInterval
	// Platform is where the recording was made (see ThisPlatform).
	// Floating point results, and so hashes, are exact only on the same
	// architecture and instruction level.
	Platform string
	// Settings are the other settings that change the simulation (scene
	// flags, the physics backend...), in the order the recorder chose.
	// Names are unique. A setting named "seed" or "tps", for a runner that
	// treats every flag alike, must agree with the field of that name.
	Settings []Setting
	// Players is the number of player slots whose input every tick
	// holds, in slot order, 1 to host.MaxPlayers; 0 means one input a
	// tick, as a game without slots sees it. With
	// players, Interval counts their inputs (ticks × Players) and is a
	// multiple of Players.
	Players int
}

// Setting is one name=value setting of a recorded run.
type Setting struct {
	Name  string // 1 to 64 bytes of ASCII letters, digits, '-', '_' and '.'
	Value string // printable text, at most 255 bytes
}

// Setting returns the value of the setting called name.
func (h *Header) Setting(name string) (value string, ok bool) {
	for _, s := range h.Settings {
		if s.Name == name {
			return s.Value, true
		}
	}
	return "", false
}

// Limits on header fields; beyond them a header is damaged. They keep
// every field of a recording a few hundred bytes at most, and a header
// under 21 KiB. The hash interval is at most the one the recorder writes:
// a longer one would let a few bytes stand for hours of ticks replayed
// before their first hash is compared (see format.go).
const (
	maxName        = 255
	maxSettingName = 64
	maxSettings    = 64
	maxInterval    = DefaultInterval
)

// check checks h: its names, its numbers, then its settings, the first
// error found.
func (h *Header) check() error {
	for _, part := range [...]func() error{h.checkNames, h.checkNumbers, h.checkSettings} {
		if err := part(); err != nil {
			return err
		}
	}
	return nil
}

// checkNames checks the scene's and the platform's names.
func (h *Header) checkNames() error {
	switch {
	case len(h.Scene) > maxName:
		return fmt.Errorf("scene name is %d bytes: want at most %d", len(h.Scene), maxName)
	case !isText(h.Scene):
		return fmt.Errorf("scene name %q: want printable UTF-8 text", h.Scene)
	case len(h.Platform) > maxName:
		return fmt.Errorf("platform is %d bytes: want at most %d", len(h.Platform), maxName)
	case !isText(h.Platform):
		return fmt.Errorf("platform %q: want printable UTF-8 text", h.Platform)
	}
	return nil
}

// checkNumbers checks the tick rate, the hash interval and the players,
// each in range, the interval a whole number of ticks' inputs.
func (h *Header) checkNumbers() error {
	switch {
	case h.TPS < 1 || h.TPS > host.MaxTPS:
		return fmt.Errorf("tps %d out of range: want 1 to %d", h.TPS, host.MaxTPS)
	case h.Interval < 1 || h.Interval > maxInterval:
		return fmt.Errorf("hash interval %d out of range: want 1 to %d ticks, as the recorder writes", h.Interval, maxInterval)
	case h.Players < 0 || h.Players > host.MaxPlayers:
		return fmt.Errorf("%d players: want 0 (no slots) to %d", h.Players, host.MaxPlayers)
	case h.Interval%max(h.Players, 1) != 0:
		return fmt.Errorf("hash interval %d is not a multiple of the %d players' inputs a tick", h.Interval, h.Players)
	}
	return nil
}

// checkSettings checks the settings: how many, each one, each name once,
// and a seed or tick rate among them equal to the header's.
func (h *Header) checkSettings() error {
	if len(h.Settings) > maxSettings {
		return fmt.Errorf("%d settings: want at most %d", len(h.Settings), maxSettings)
	}
	for i, s := range h.Settings {
		if err := s.check(); err != nil {
			return err
		}
		for _, t := range h.Settings[:i] {
			if t.Name == s.Name {
				return fmt.Errorf("setting %q appears twice", s.Name)
			}
		}
	}
	if v, ok := h.Setting("seed"); ok {
		if n, err := strconv.ParseUint(v, 10, 64); err != nil || n != h.Seed {
			return fmt.Errorf("setting seed=%s contradicts the header's seed %d", v, h.Seed)
		}
	}
	if v, ok := h.Setting("tps"); ok {
		if n, err := strconv.Atoi(v); err != nil || n != h.TPS {
			return fmt.Errorf("setting tps=%s contradicts the header's tps %d", v, h.TPS)
		}
	}
	return nil
}

func (s Setting) check() error {
	if len(s.Name) < 1 || len(s.Name) > maxSettingName {
		return fmt.Errorf("setting name %q is %d bytes: want 1 to %d", s.Name, len(s.Name), maxSettingName)
	}
	if badNameByte(s.Name) >= 0 {
		return fmt.Errorf("setting name %q: want ASCII letters, digits, '-', '_' and '.'", s.Name)
	}
	if len(s.Value) > maxName {
		return fmt.Errorf("setting %s is %d bytes: want at most %d", s.Name, len(s.Value), maxName)
	}
	if !isText(s.Value) {
		return fmt.Errorf("setting %s=%q: want printable UTF-8 text", s.Name, s.Value)
	}
	return nil
}

// isText reports whether s is valid UTF-8 free of control characters:
// what names and values hold. The rule also makes a damaged length read
// as damage: the bytes after a name (varints, checksums) are rarely text.
func isText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// badTextByte returns the index of the first byte of b that no text holds
// (an ASCII control character), or -1. It judges bytes one at a time, so
// it works on part of a name.
func badTextByte[T string | []byte](b T) int {
	for i := range len(b) {
		if c := b[i]; c < 0x20 || c == 0x7f {
			return i
		}
	}
	return -1
}

// badNameByte returns the index of the first byte of b that no setting
// name holds, or -1.
func badNameByte[T string | []byte](b T) int {
	for i := range len(b) {
		c := b[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return i
		}
	}
	return -1
}

// appendHeader appends h, checked, without its checksum.
func appendHeader(b []byte, h *Header) []byte { return appendVersionHeader(b, h, Version) }

func appendVersionHeader(b []byte, h *Header, version uint64) []byte {
	b = append(b, magic...)
	b = binary.AppendUvarint(b, version)
	b = appendName(b, h.Scene)
	b = binary.AppendUvarint(b, h.Seed)
	b = binary.AppendUvarint(b, uint64(h.TPS))
	b = binary.AppendUvarint(b, uint64(h.Interval))
	b = binary.AppendUvarint(b, uint64(h.Players))
	b = appendName(b, h.Platform)
	b = binary.AppendUvarint(b, uint64(len(h.Settings)))
	for _, s := range h.Settings {
		b = appendName(b, s.Name)
		b = appendName(b, s.Value)
	}
	return b
}

func appendName(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}
