package main

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// playBot plays this machine's player in a session when -bot is given
// (desktop.Config.Bot): the mouse of botInput.
func (s *stress) playBot(n uint64, in *engine.Input) bool {
	if s.bot == 0 {
		return false
	}
	botInput(s.bot, n, in)
	return true
}

// botInput is a scripted mouse at tick n on a 1280×720 window, its
// timing and place shifted by seed: a drag from one side of the tank to
// the other, then a push with the other button, every 1.5 s.
func botInput(seed, n uint64, in *engine.Input) {
	*in = engine.Input{WindowWidth: 1280, WindowHeight: 720}
	phase := (n + seed*17) % 90
	in.MouseX = 300 + float64(phase)*8 + float64(seed%4)*200
	in.MouseY = 500 - float64(phase)*2
	switch {
	case phase >= 10 && phase < 50:
		in.Buttons |= 1 << mouse.Left
		if phase == 10 {
			in.ButtonsPressed |= 1 << mouse.Left
		}
	case phase >= 60 && phase < 75:
		in.Buttons |= 1 << mouse.Right
	}
}
