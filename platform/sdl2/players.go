package sdl2

import "github.com/lockstep-engine/lockstep/engine"

// Seat forwards engine.Seater, or seats as engine.SeatLocal does.
func (g *windowGame) Seat(local *engine.Input, players []engine.Input) {
	if s, ok := find[engine.Seater](g.game); ok {
		s.Seat(local, players)
		return
	}
	engine.SeatLocal(local, players)
}
