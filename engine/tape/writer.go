package tape

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
	"github.com/lockstep-engine/lockstep/physics"
)

// Writer writes a recording tick by tick. Once its header is written,
// recording a tick allocates nothing.
type Writer struct {
	bw       *bufio.Writer
	interval uint64
	crc      uint32
	ticks    uint64                        // ticks recorded
	checked  bool                          // the checkpoint before tick `ticks` is written
	per      uint64                        // inputs a tick: the players, or 1
	prevs    [host.MaxPlayers]engine.Input // the last input of each slot
	same     uint64                        // ticks equal to their baseline not yet written
	rec      [maxInputRecord]byte
	run      [1 + binary.MaxVarintLen64]byte // a same record, written while rec holds an input's
	under    flusher                         // the writer's own buffer, when it has one
	err      error                           // sticky: the first write error
	closed   bool
}

// NewWriter writes h to w and returns a Writer for the ticks. w is written
// through a buffer, flushed at every checkpoint (the first comes before
// tick 0, with the header) and at Close, through w's own buffer too when
// it has a Flush method: a reader of a FIFO gets each checkpoint as it is
// made, and tools/determinism tells checkpoints by the file growing.
func NewWriter(w io.Writer, h Header) (*Writer, error) { return newWriter(w, h, Version) }

// newWriter writes a recording that says it is of the given version; only
// tests write any but Version, to check how older recordings replay.
func newWriter(w io.Writer, h Header, version uint64) (*Writer, error) {
	if h.Interval == 0 {
		h.Interval = DefaultInterval
	}
	if err := h.check(); err != nil {
		return nil, fmt.Errorf("tape: header: %w", err)
	}
	tw := &Writer{bw: bufio.NewWriter(w), interval: uint64(h.Interval), per: uint64(max(h.Players, 1))}
	tw.under, _ = w.(flusher)
	tw.write(appendVersionHeader(nil, &h, version))
	tw.seal()
	if tw.err != nil {
		return nil, fmt.Errorf("tape: writing the header: %w", tw.err)
	}
	return tw, nil
}

// Due reports whether the next tick starts at a checkpoint: Check must
// come before its Tick.
func (w *Writer) Due() bool { return w.ticks%w.interval == 0 && !w.checked }

// Check writes the state hash before the next tick; only when Due.
func (w *Writer) Check(d physics.Digest) error {
	if !w.Due() {
		return fmt.Errorf("tape: checkpoint before tick %d: none is due (every %d ticks)", w.ticks, w.interval)
	}
	w.flushSame()
	b := append(w.rec[:0], tagCheck)
	b = binary.AppendUvarint(b, w.ticks)
	b = binary.LittleEndian.AppendUint64(b, uint64(d))
	w.write(b)
	w.seal()
	w.checked = true
	w.flush()
	return w.err
}

// flusher is a writer with a buffer of its own.
type flusher interface{ Flush() error }

// flush hands everything written so far to the underlying writer, and on
// through its buffer.
func (w *Writer) flush() {
	if w.err == nil {
		w.err = w.bw.Flush()
	}
	if w.err == nil && w.under != nil {
		w.err = w.under.Flush()
	}
}

// Tick records the input of the next tick.
func (w *Writer) Tick(in *engine.Input) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return errors.New("tape: tick after Close")
	}
	if w.Due() {
		return fmt.Errorf("tape: tick %d starts a checkpoint: call Check first", w.ticks)
	}
	if err := checkInput(in); err != nil {
		return fmt.Errorf("tape: tick %d: %w", w.ticks, err)
	}
	prev := &w.prevs[w.ticks%w.per]
	// Encoded first: a record of nothing (its mask 0) is a tick like the
	// one before, which a same run counts.
	if rec := inputcodec.Append(append(w.rec[:0], tagInput), in, prev); len(rec) == 2 {
		w.same++
	} else {
		w.flushSame()
		w.write(rec)
	}
	*prev = *in
	w.ticks++
	w.checked = false
	return w.err
}

// Members records that slot's player's presence is p from the next tick
// on; only between ticks (before a tick's first input).
func (w *Writer) Members(slot int, p engine.Presence) error {
	switch {
	case w.err != nil:
		return w.err
	case w.closed:
		return errors.New("tape: members after Close")
	case slot < 0 || uint64(slot) >= w.per || w.ticks%w.per != 0:
		return fmt.Errorf("tape: members of slot %d at input %d of %d a tick: only between ticks, for a slot the header has", slot, w.ticks, w.per)
	case p > engine.Gone:
		return fmt.Errorf("tape: slot %d: unknown presence %d", slot, p)
	}
	w.flushSame()
	b := append(w.rec[:0], tagMembers)
	b = binary.AppendUvarint(b, uint64(slot))
	w.write(append(b, byte(p)))
	return w.err
}

// Ticks returns how many ticks have been recorded.
func (w *Writer) Ticks() uint64 { return w.ticks }

// Close writes the end record with the hash of the final state and flushes.
// It does not close the underlying writer.
func (w *Writer) Close(final physics.Digest) error {
	if w.closed {
		return w.err
	}
	w.closed = true
	w.flushSame()
	b := append(w.rec[:0], tagEnd)
	b = binary.AppendUvarint(b, w.ticks)
	b = binary.LittleEndian.AppendUint64(b, uint64(final))
	w.write(b)
	w.seal()
	w.flush()
	return w.err
}

func (w *Writer) flushSame() {
	if w.same == 0 {
		return
	}
	b := append(w.run[:0], tagSame)
	w.write(binary.AppendUvarint(b, w.same))
	w.same = 0
}

// write writes b and folds it into the running checksum.
func (w *Writer) write(b []byte) {
	if w.err != nil {
		return
	}
	w.crc = crc32.Update(w.crc, castagnoli, b)
	_, w.err = w.bw.Write(b)
}

// seal writes the checksum of every byte before it but the checksums. It
// is not folded into the running checksum: a CRC followed by itself always
// checks to the same value, so folding it would start every piece afresh
// and a piece of another recording would pass.
func (w *Writer) seal() {
	if w.err != nil {
		return
	}
	// Into rec, which the record before no longer needs: a local array
	// would escape to the heap through the io.Writer.
	_, w.err = w.bw.Write(binary.LittleEndian.AppendUint32(w.rec[:0], w.crc))
}

// checkInput refuses what a recording cannot hold, and so no platform
// produces: a recording must read back.
func checkInput(in *engine.Input) error { return inputcodec.Check(in) }
