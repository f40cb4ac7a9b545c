package sdl2

import "github.com/lockstep-engine/lockstep/engine"

// Players forwards engine.Multiplayer: 0 (no slots) when the game has none.
func (g *windowGame) Players() int {
	if m, ok := find[engine.Multiplayer](g.game); ok {
		return m.Players()
	}
	return 0
}

// Seat forwards engine.Seater, or seats as engine.SeatLocal does.
func (g *windowGame) Seat(local *engine.Input, players []engine.Input) {
	if s, ok := find[engine.Seater](g.game); ok {
		s.Seat(local, players)
		return
	}
	engine.SeatLocal(local, players)
}
