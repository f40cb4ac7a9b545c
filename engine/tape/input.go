package tape

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// input decodes an input record's fields (an inputcodec record) against
// the slot's input before. The record's length is known only once it is
// decoded, so it is decoded from what the stream holds, and when that
// ends inside the record, again from one byte more: the decoder never
// reads past the record's end, which a recorder may still be writing.
// Its error is the decoder's.
func (d *decoder) input(v *engine.Input, start int64) {
	b := d.s.buffered()
	for {
		n, err := d.codec.Decode(b, v, d.prev())
		e, _ := err.(*inputcodec.Error) // always one: errors.As would allocate
		switch {
		case err == nil && b[0] == 0:
			d.s.consume(b[:1])
			d.fail(ErrCorrupt, "input record at byte %d: field mask 0x0 (want 1 to %#x): a tick like the one before is a same run", start, uint64(inputcodec.MaxFieldMask))
			return
		case err == nil:
			d.s.consume(b[:n])
			return
		case !e.Short:
			d.s.consume(b[:min(e.At+1, len(b))])
			d.fail(ErrCorrupt, "input record at byte %d: %v", start, err)
			return
		}
		more := d.s.peek(len(b) + 1)
		if len(more) <= len(b) || len(b) > inputcodec.MaxLen {
			d.s.consume(more)
			d.short("an input record")
			return
		}
		b = more
	}
}
