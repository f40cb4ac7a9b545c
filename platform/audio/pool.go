package audio

// pool is a fixed set of voice slots.
type pool struct {
	voices []voice
	serial uint64
}

func newPool(n int) pool { return pool{voices: make([]voice, n)} }

// take returns a free slot, or the oldest voice's (stolen).
func (p *pool) take() (slot int, stolen bool) {
	oldest := -1
	for i := range p.voices {
		v := &p.voices[i]
		if !v.active {
			oldest, stolen = i, false
			break
		}
		if oldest < 0 || v.serial < p.voices[oldest].serial {
			oldest, stolen = i, true
		}
	}
	v := &p.voices[oldest]
	if v.stream != nil && v.stream.owner == v {
		v.stream.owner = nil
	}
	v.gen++
	p.serial++
	v.serial = p.serial
	return oldest, stolen
}

// mix adds k frames of every playing voice to its bus's accumulator, or
// to quiet when it is a quiet voice (recorded, already heard).
func (p *pool) mix(music, effects, quiet []int32, k int) {
	for i := range p.voices {
		v := &p.voices[i]
		if !v.active {
			continue
		}
		acc := effects
		switch {
		case v.quiet:
			acc = quiet
		case v.bus == Music:
			acc = music
		}
		if !v.mix(acc, k) {
			v.end()
		}
	}
}

func (p *pool) playing() int {
	n := 0
	for i := range p.voices {
		if p.voices[i].active {
			n++
		}
	}
	return n
}

// end frees the voice's slot.
func (v *voice) end() {
	v.active = false
	if v.stream != nil && v.stream.owner == v {
		v.stream.owner = nil
	}
	v.sound, v.stream, v.data = nil, nil, nil
}
