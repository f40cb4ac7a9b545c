package tape

import (
	"hash/crc32"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// The encoding, version 6 (see Version for how 5 differs). Integers are
// unsigned varints (encoding/binary)
// unless said otherwise; fixed-width numbers are little endian.
//
//	header   magic[8] version name(scene) seed tps interval players
//	         name(platform) count setting... crc32   (version 3: no players)
//	setting  name(name) name(value)   count ≤ 64, names unique
//	name     length bytes             length ≤ 255; printable UTF-8
//	record   same | input | check | end | members
//	same     0x01 n                      n ≥ 1 ticks, each the baseline
//	input    0x02 mask fields...         one tick: the fields that differ
//	check    0x03 tick digest[8] crc32   before tick `tick`, every interval
//	end      0x04 ticks digest[8] crc32  the tick count and the final hash
//	members  0x05 slot presence          from the next tick on, slot's
//	                                     engine.Presence is presence (a
//	                                     byte); only between ticks, and
//	                                     only from version 6 on
//
// An input record's fields are an engine/internal/inputcodec record, the
// one encoding of engine.Input that the netplay wire uses too (its
// doc.go describes it): the fields that differ from the tick before's
// input without its edges (engine.Input.Held), the baseline, which the
// first tick of each slot takes from the zero Input. Versions 3 and 4
// wrote pointer coordinates as their 8 IEEE-754 bytes. Version 3 numbered
// keys as SDL's scancodes (up to 511) and added text and pads; version 2
// recordings numbered keys 1 to 75.
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
	// tagMembers records a slot's player leaving (version 6).
	tagMembers = 0x05
)

// Most tick counts a recording may hold; far beyond any run (a year at
// 10,000 ticks per second is 2^38).
const maxTicks = 1 << 48

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// baseline is what a tick's input is compared with: prev without edges.
func baseline(prev *engine.Input) engine.Input { return prev.Held() }

// maxInputRecord is the longest input record: its tag and the input.
const maxInputRecord = 1 + inputcodec.MaxLen
