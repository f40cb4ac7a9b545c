package netplay

import "math"

// maxSeqJump is the most a datagram's sequence number may pass the
// highest one taken from its peer: sixteen million datagrams, minutes of
// sending at any frame rate, longer than any silence a session survives.
// A larger jump is not a datagram the peer's counter could have made
// (one claiming 2^64−1 would otherwise make every later one look old).
const maxSeqJump = 1 << 24

// seqWindow remembers which of the last 64 sequence numbers arrived, to
// drop replays and count what never arrived.
type seqWindow struct {
	top       uint64 // the highest seen
	bits      uint64 // bit i: top-i arrived
	got       uint64 // distinct datagrams taken
	undecoded uint64 // datagrams that arrived but did not decode (seq unknown)
	late      uint64 // datagrams that arrived too old to tell from a repeat
}

// add records seq and reports whether it is new: not zero, not a
// repeat, not too old to tell and not more than maxSeqJump ahead.
func (w *seqWindow) add(seq uint64) bool {
	switch {
	case seq == 0:
		return false
	case seq > w.top && seq-w.top > maxSeqJump:
		return false
	case seq > w.top:
		shift := seq - w.top
		if shift >= 64 {
			w.bits = 0
		} else {
			w.bits <<= shift
		}
		w.bits |= 1
		w.top = seq
	case w.top-seq >= 64:
		// Too old to tell from a repeat: dropped, but counted as arrived.
		// Lost is for what the network never delivered, and a repeat
		// that old is far rarer than a late datagram (QUIC lets no one
		// else replay the peer's).
		w.late = satAdd(w.late, 1)
		return false
	case w.bits&(1<<(w.top-seq)) != 0:
		return false // a repeat
	default:
		w.bits |= 1 << (w.top - seq)
	}
	w.got = satAdd(w.got, 1)
	return true
}

// lost is how many datagrams up to the highest seen never arrived: not
// those that arrived and were dropped, and late ones that arrive after
// all are taken back.
func (w *seqWindow) lost() uint64 {
	return w.top - min(satAdd(satAdd(w.got, w.undecoded), w.late), w.top)
}

// satAdd is a+b, or the largest uint64 when that overflows: a counter a
// peer can push stops at its top instead of wrapping to a small number.
func satAdd(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}
