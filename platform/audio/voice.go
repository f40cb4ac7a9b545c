package audio

// voice is one sound playing: where it is in its samples, how fast it
// moves through them, and its gains, which ramp towards a target so that
// volume changes and stops never click.
type voice struct {
	gen    uint32 // bumped whenever the slot is reused: stale handles miss
	active bool
	fresh  bool // no sample mixed yet: volume changes apply at once
	serial uint64
	bus    Bus
	loop   bool
	// quiet marks a voice of the ticks' timeline that a predicted tick
	// already started heard: it is mixed into the recording only, and
	// twin (a slot of the heard pool, with its gen, or noTwin) is the
	// voice heard in its place.
	quiet   bool
	twin    int32
	twinGen uint32
	vol     float64 // as last set, for SetPan
	pan     float64 // as last set, for SetVolume

	sound  *Sound
	stream *Stream

	data   []int16 // the sound's samples, or the stream's current block
	frames int
	ch     int
	pos    uint64 // position in data, frames in 32.32 fixed point
	step   uint64

	gl, gr int32 // Q16 gains now
	dl, dr int32 // added every frame while ramp > 0
	tl, tr int32 // gains at the end of the ramp
	ramp   int
	// stopAtEnd ends the voice when its ramp ends (a fade out, a stop).
	stopAtEnd bool
}

// noTwin is a voice's twin when it has none.
const noTwin = -1

// declickFrames is how long a volume change or a stop ramps: 2.7 ms.
const declickFrames = 128

// rampTo moves the gains to l and r over frames frames.
func (v *voice) rampTo(l, r int32, frames int, stop bool) {
	v.stopAtEnd = stop
	if v.fresh || frames <= 0 {
		v.gl, v.gr, v.tl, v.tr, v.dl, v.dr, v.ramp = l, r, l, r, 0, 0, 0
		if stop {
			v.active = false
		}
		return
	}
	v.tl, v.tr, v.ramp = l, r, frames
	v.dl, v.dr = (l-v.gl)/int32(frames), (r-v.gr)/int32(frames)
}

// mix adds n frames of the voice to acc (stereo, interleaved) and reports
// whether it is still playing.
func (v *voice) mix(acc []int32, n int) bool {
	v.fresh = false
	for i := 0; i < n; {
		idx := int(v.pos >> 32)
		// A stream may need several blocks to get past a high pitch's step.
		for idx+1 >= v.frames && (v.stream != nil || idx >= v.frames) {
			if !v.edge(idx) {
				return false
			}
			idx = int(v.pos >> 32)
		}
		k := n - i
		if idx+1 < v.frames {
			// Frames until the next one would read past the data.
			left := (uint64(v.frames-1)<<32 - v.pos + v.step - 1) / v.step
			k = min(k, int(min(left, uint64(n))))
		} else {
			k = 1 // the last frame of a sound that does not loop, or a loop's seam
		}
		if v.ramp > 0 {
			k = min(k, v.ramp)
		}
		v.run(acc[2*i:2*(i+k)], k, idx+1 >= v.frames)
		i += k
		if v.ramp > 0 {
			if v.ramp -= k; v.ramp == 0 {
				v.gl, v.gr, v.dl, v.dr = v.tl, v.tr, 0, 0
				if v.stopAtEnd {
					return false
				}
			}
		}
	}
	return true
}

// edge handles a position at or past the data's last frame: a stream
// decodes its next block, a loop goes back to its start, and a sound that
// has ended says so. It reports whether the voice plays on.
func (v *voice) edge(idx int) bool {
	if v.stream != nil {
		return v.stream.refill(v)
	}
	if !v.loop || v.frames == 0 {
		return false
	}
	v.pos -= uint64(v.frames) << 32 * (uint64(idx) / uint64(v.frames))
	return true
}

// run mixes k frames from the current position; seam says the frame after
// the current one is the loop's first frame, or silence.
func (v *voice) run(acc []int32, k int, seam bool) {
	if seam {
		v.runSeam(acc)
		return
	}
	d, pos, st := v.data, v.pos, v.step
	gl, gr, dl, dr := v.gl, v.gr, v.dl, v.dr
	acc = acc[:2*k]
	// The three-index slices leave one bounds check a frame.
	if v.ch == 2 {
		for j := 0; j+1 < len(acc); j += 2 {
			i := int(pos>>32) * 2
			s := d[i : i+4 : i+4]
			f := int32(pos >> 17 & 0x7fff)
			l0, r0 := int32(s[0]), int32(s[1])
			l := l0 + (int32(s[2])-l0)*f>>15
			r := r0 + (int32(s[3])-r0)*f>>15
			acc[j] += int32(int64(l) * int64(gl) >> 16)
			acc[j+1] += int32(int64(r) * int64(gr) >> 16)
			gl, gr, pos = gl+dl, gr+dr, pos+st
		}
	} else {
		for j := 0; j+1 < len(acc); j += 2 {
			i := int(pos >> 32)
			s := d[i : i+2 : i+2]
			f := int32(pos >> 17 & 0x7fff)
			s0 := int32(s[0])
			x := int64(s0 + (int32(s[1])-s0)*f>>15)
			acc[j] += int32(x * int64(gl) >> 16)
			acc[j+1] += int32(x * int64(gr) >> 16)
			gl, gr, pos = gl+dl, gr+dr, pos+st
		}
	}
	v.pos, v.gl, v.gr = pos, gl, gr
}

// runSeam mixes the one frame at the data's last frame, blending towards
// the first frame when looping and holding it otherwise.
func (v *voice) runSeam(acc []int32) {
	i := int(v.pos >> 32)
	f := int32(v.pos >> 17 & 0x7fff)
	var l, r int32
	for c := 0; c < 2; c++ {
		ch := min(c, v.ch-1)
		s0 := int32(v.data[i*v.ch+ch])
		s1 := s0
		if v.loop {
			s1 = int32(v.data[ch])
		}
		s := s0 + (s1-s0)*f>>15
		if c == 0 {
			l = s
		} else {
			r = s
		}
	}
	acc[0] += int32(int64(l) * int64(v.gl) >> 16)
	acc[1] += int32(int64(r) * int64(v.gr) >> 16)
	v.gl, v.gr, v.pos = v.gl+v.dl, v.gr+v.dr, v.pos+v.step
}
