package netplay

import "time"

// The host's upload to spectators is bounded, each one's and all of
// theirs together, whatever they do: a spectator that never acknowledges
// would otherwise be sent the catch-up's extra datagrams every frame.
// A spectator that follows the session needs far less than its share
// (a datagram a tick of every slot's input: about what a player gets),
// so the budget slows only the catch-up of a spectator that came late,
// and never the players.
const (
	// SpectatorUpload is the most bytes a second the host sends one
	// spectator: 64 KiB (about 0.5 Mbit/s).
	SpectatorUpload = 64 << 10
	// SpectatorsUpload is the most bytes a second the host sends all its
	// spectators together: 256 KiB (about 2 Mbit/s). More than four
	// watching share it equally.
	SpectatorsUpload = 256 << 10
)

// budgetBurst is the most of its budget a spectator may save up: a
// quarter of a second's.
func budgetBurst(rate int) int64 { return int64(rate) / 4 }

// maxRefill bounds the time one Frame refills budgets for: a long stall
// saves up nothing beyond the burst anyway.
const maxRefill = time.Second / 4

// refillBudgets is Frame's, dt after the last frame: each
// watcher still sent to gets its share of dt's upload, up to a burst.
// send spends it, a datagram at a time, and sends a watcher nothing while
// its budget is spent (it may end a datagram in debt).
func (h *hostRole) refillBudgets(dt time.Duration) {
	n := h.watching()
	if n == 0 {
		return
	}
	rate := min(SpectatorUpload, SpectatorsUpload/n)
	add := int64(rate) * int64(min(dt, maxRefill)) / int64(time.Second)
	for i := range h.watchers() {
		if p := &h.watchers()[i]; !p.dropped {
			p.budget = min(p.budget+add, budgetBurst(rate))
		}
	}
}
