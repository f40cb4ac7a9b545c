package audio

// Sounds of predicted ticks. A netplay run may draw a predicted copy of
// the game ahead of the verified timeline, stepping it each frame from
// the verified state through the ticks not yet verified: the same tick is
// simulated again frame after frame until the verified timeline runs it.
// What the player hears must follow what they see, so a sound a predicted
// tick plays is heard at once; but only the verified timeline is
// recorded, and a sound must be heard once.
//
// A sound is "the same sound" when it is played on the same tick, from
// the same Source (the same *Sound), with equal Params, and is the k-th
// such play of that tick (two bricks hit at once are two sounds). The
// mixer keeps one record per predicted sound until the verified timeline
// runs its tick:
//   - a predicted tick that plays a sound with a record from an earlier
//     simulation of that tick gets the voice of the record back: it is not
//     started again;
//   - the verified tick that plays the same sound marks the record
//     confirmed and starts its voice quiet: recorded, never heard, with
//     the heard voice as its twin;
//   - when the verified tick ends, the records of it (and of earlier
//     ticks) that it did not confirm were mispredicted: their heard voices
//     fade out over mispredictFade.

import "time"

// mispredictFade is how long a mispredicted sound takes to fade out: 20
// ms, short enough not to be noticed as the wrong sound, long enough not
// to click.
const mispredictFade = 20 * time.Millisecond

// predicted is the record of one sound a predicted tick started.
type predicted struct {
	tick      uint64
	src       Source
	p         Params
	slot      int32  // its voice in the heard pool
	gen       uint32 // the voice's generation
	pass      uint64 // the predicted tick run that last played it
	confirmed bool
}

// predictions are the records of sounds predicted ticks started and the
// verified timeline has not yet run, oldest first. They hold as many as
// the heard pool has voices; one more forgets the oldest.
type predictions struct {
	recs []predicted
	pass uint64 // counts BeginPredictedTick calls
}

func newPredictions(n int) predictions { return predictions{recs: make([]predicted, 0, n)} }

// BeginPredictedTick tells the mixer that tick n of a predicted copy of
// the game is about to run, until EndPredictedTick. Play in it starts the
// sound heard at once (on the heard-only path, not recorded), unless this
// tick played the same sound when it was simulated before: then Play
// returns that sound's voice and starts nothing. The same sound is one
// played on the same tick, from the same Source, with equal Params, as
// the same count of such plays in the tick (two alike at once are two).
// When the verified timeline later plays the same sound on tick n, it is
// recorded but not heard again; when it does not, the predicted sound is
// faded out as verified tick n ends. Streams are not predicted: Play of a
// *Stream in a predicted tick returns an ended voice, and the music starts
// when the verified timeline plays it. A predicted tick never changes the
// recorded mix (SetPaused does nothing in it; see Voice).
//
// The predicted copy must play on the same Mixer and the same Sources as
// the game (a fork shares the game's *Sound values): a sound loaded again
// is another Source, so the verified tick would play it a second time.
// Predict only ticks the verified timeline has not run (n at least the
// next BeginTick's): sounds of a tick already verified are faded out at
// the next EndTick.
func (r *Runner) BeginPredictedTick(n uint64) {
	r.m.phase, r.m.n = inPredicted, n
	r.m.pred.pass++
}

// EndPredictedTick ends the predicted tick BeginPredictedTick began.
func (r *Runner) EndPredictedTick() { r.m.phase = inFrame }

// playPredicted plays src in a predicted tick.
func (m *Mixer) playPredicted(src Source, p Params) Voice {
	if _, music := src.(*Stream); music {
		return Voice{}
	}
	ps := &m.pred
	for i := range ps.recs {
		rec := &ps.recs[i]
		if rec.tick == m.n && rec.src == src && rec.p == p && rec.pass != ps.pass {
			rec.pass = ps.pass
			return Voice{m: m, live: true, slot: rec.slot, gen: rec.gen}
		}
	}
	h := m.start(&m.live, true, src, p)
	m.stats.Predicted++
	if len(ps.recs) == cap(ps.recs) {
		ps.recs = append(ps.recs[:0], ps.recs[1:]...) // forget the oldest
	}
	ps.recs = append(ps.recs, predicted{tick: m.n, src: src, p: p, slot: h.slot, gen: h.gen, pass: ps.pass})
	return h
}

// playTick plays src in a verified tick: quiet when a predicted tick
// already started the same sound heard.
func (m *Mixer) playTick(src Source, p Params) Voice {
	h := m.start(&m.tick, false, src, p)
	for i := range m.pred.recs {
		rec := &m.pred.recs[i]
		if rec.tick != m.n || rec.confirmed || rec.src != src || rec.p != p {
			continue
		}
		rec.confirmed = true
		m.stats.Confirmed++
		v := &m.tick.voices[h.slot]
		v.quiet, v.twin, v.twinGen = true, rec.slot, rec.gen
		break
	}
	return h
}

// settle ends the records of verified tick n and those before it: the
// sounds it did not confirm fade out.
func (ps *predictions) settle(m *Mixer, n uint64) {
	kept := ps.recs[:0]
	for _, rec := range ps.recs {
		if rec.tick > n {
			kept = append(kept, rec)
			continue
		}
		if rec.confirmed {
			continue
		}
		m.stats.Mispredicted++
		if v := &m.live.voices[rec.slot]; v.active && v.gen == rec.gen && !v.stopAtEnd {
			v.rampTo(0, 0, durationFrames(mispredictFade), true)
		}
	}
	clear(ps.recs[len(kept):]) // drop the Sources the records held
	ps.recs = kept
}
