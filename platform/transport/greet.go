package transport

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/internal/buildid"
)

// wireSetting is a tape.Setting in a greeting. Explicit says the user
// chose the value (Options.Chosen): a joiner takes the host's value for
// every setting it did not choose, and is refused when one it chose
// differs.
type wireSetting struct {
	Name     string `json:"name"`
	Value    string `json:"value"`
	Explicit bool   `json:"explicit,omitempty"`
}

// toWire returns ss for a greeting, marking those named in chosen.
func toWire(ss []tape.Setting, chosen []string) []wireSetting {
	w := make([]wireSetting, len(ss))
	for i, s := range ss {
		w[i] = wireSetting{Name: s.Name, Value: s.Value, Explicit: slices.Contains(chosen, s.Name)}
	}
	return w
}

// fromWire returns a greeting's settings.
func fromWire(w []wireSetting) []tape.Setting {
	ss := make([]tape.Setting, len(w))
	for i, s := range w {
		ss[i] = tape.Setting{Name: s.Name, Value: s.Value}
	}
	return ss
}

// A greeting goes, on one stream the joiner opens:
//
//	joiner: hello    its build, game and settings
//	host:   offer    the session's settings, or why it is refused
//	joiner: answer   whether it can run them (checked with JoinOptions.Check)
//	host:   welcome  once every place is taken: its slot and the delay
//
// Once the session is under way the host welcomes a joiner, at once,
// to the slot of a player gone silent (a rejoin), and a spectator (one
// that says watch, at any time) to none; the welcome says which.
//
// The host gives a place only to a joiner that answered yes, so one that
// cannot run the session never holds a place another could take.

// hello is what a joiner says first.
type hello struct {
	Build    string        `json:"build"`
	Game     string        `json:"game"`
	Settings []wireSetting `json:"settings"`
	// Players and Ticks are the joiner's wish (0: none chosen): each
	// must be the host's.
	Players int    `json:"players,omitempty"`
	Ticks   uint64 `json:"ticks,omitempty"`
	// Watch asks to watch the session (a spectator) rather than play.
	Watch bool `json:"watch,omitempty"`
	// Ticket is the one an earlier run of the joiner was welcomed with
	// (JoinOptions.Ticket): never compared, only looked up.
	Ticket string `json:"ticket,omitempty"`
}

// helloOf is what a joiner with o says, and what a host with o compares
// a joiner's hello with.
func helloOf(o Options, ticket string) hello {
	return hello{Build: o.Build, Game: o.Game, Settings: toWire(o.Terms.Settings, o.Chosen),
		Players: o.Terms.Players, Ticks: o.Terms.Ticks, Watch: o.Local.Spectate, Ticket: ticket}
}

// wireTerms are a netplay.Terms in a greeting.
type wireTerms struct {
	Players      int           `json:"players"`
	TPS          int           `json:"tps,omitempty"`
	InputDelay   int           `json:"input_delay"`
	AdaptDelay   bool          `json:"adapt_delay,omitempty"`
	HashInterval uint64        `json:"hash_interval,omitempty"`
	Settings     []wireSetting `json:"settings"`
	// Ticks is the tick every peer stops after (0: when a player quits).
	Ticks uint64 `json:"ticks,omitempty"`
	// Empty are the slots nobody holds at the start (netplay's
	// Terms.Empty), in a welcome; none when every slot is held.
	Empty []int `json:"empty,omitempty"`
}

// toWireTerms returns t for a greeting.
func toWireTerms(t netplay.Terms) wireTerms {
	return wireTerms{Players: t.Players, TPS: t.TPS, InputDelay: t.InputDelay, AdaptDelay: t.AdaptDelay,
		HashInterval: t.HashInterval, Settings: toWire(t.Settings, nil), Ticks: t.Ticks, Empty: t.Empty}
}

// terms returns a greeting's terms.
func (w wireTerms) terms() netplay.Terms {
	return netplay.Terms{Players: w.Players, TPS: w.TPS, InputDelay: w.InputDelay, AdaptDelay: w.AdaptDelay,
		HashInterval: w.HashInterval, Settings: fromWire(w.Settings), Ticks: w.Ticks, Empty: w.Empty}
}

// offer is the host's answer to a hello: the terms the joiner would run
// with (the input delay still the host's wish), or why it may not join.
// Its fields are a welcome's, so a refusal reads the same whenever it
// comes.
type offer struct {
	Refused string `json:"refused,omitempty"`
	// Full says the refusal is for want of room (ErrFull); UnderWay that
	// the session under way cannot take the peer in (ErrUnderWay).
	Full     bool `json:"full,omitempty"`
	UnderWay bool `json:"under_way,omitempty"`
	wireTerms
}

// answer is the joiner's word on an offer: "" when it takes it, else why
// it cannot run the session.
type answer struct {
	Refused string `json:"refused,omitempty"`
}

// welcome is the host's last word: the joiner's place in the session and
// the session's terms, or why it has none after all.
type welcome struct {
	Refused  string `json:"refused,omitempty"`
	Full     bool   `json:"full,omitempty"`      // as an offer's
	UnderWay bool   `json:"under_way,omitempty"` // as an offer's
	Slot     int    `json:"slot"`
	// Rejoin says the session is under way: the slot's player went
	// silent, and the joiner catches up from tick 0.
	Rejoin bool `json:"rejoin,omitempty"`
	// Watch says the joiner watches (it asked to): it has no slot.
	Watch bool `json:"watch,omitempty"`
	// Ticket is the player's secret for its slot (Joined.Ticket).
	Ticket string `json:"ticket,omitempty"`
	wireTerms
}

// maxMessage bounds a greeting: a peer cannot make the other read more.
const maxMessage = 64 << 10

func writeMessage(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("transport: encode greeting: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("transport: send greeting: %w", err)
	}
	return nil
}

func readMessage(r io.Reader, v any) error {
	dec := json.NewDecoder(io.LimitReader(r, maxMessage))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("transport: read greeting: %w", err)
	}
	return nil
}

// ErrRefused is what Join's error wraps when the host would not have it.
var ErrRefused = errors.New("transport: the host refused to let this peer join")

// refusal is what kind of refusal a peer is sent.
type refusal int

const (
	refusedOther    refusal = iota // not one of those below
	refusedFull                    // no room (ErrFull)
	refusedUnderWay                // the session under way cannot take it in (ErrUnderWay)
)

// refusedError is the host's refusal for reason, wrapping ErrRefused and,
// when the session had no room (full), ErrFull, or when the session under
// way could not take the peer in, ErrUnderWay.
func refusedError(reason string, full, underWay bool) error {
	switch {
	case full:
		return &kindError{reason: reason, kind: ErrFull}
	case underWay:
		return &kindError{reason: reason, kind: ErrUnderWay}
	}
	return fmt.Errorf("%w: %s", ErrRefused, reason)
}

// kindError is a refusal of a kind: ErrFull or ErrUnderWay.
type kindError struct {
	reason string
	kind   error
}

// Error says the host refused and why.
func (e *kindError) Error() string { return ErrRefused.Error() + ": " + e.reason }

// Unwrap gives ErrRefused and the kind.
func (e *kindError) Unwrap() []error { return []error{ErrRefused, e.kind} }

// compare says how a joiner differs from the host, "" when it may join.
func compare(host, joiner hello) string {
	switch {
	case buildid.Refusal(host.Build, joiner.Build) != "":
		return buildid.Refusal(host.Build, joiner.Build)
	case joiner.Game != host.Game:
		return fmt.Sprintf("game %q differs from the host's %q", joiner.Game, host.Game)
	}
	if joiner.Players != 0 && joiner.Players != host.Players {
		return fmt.Sprintf("players: the joiner asked for %d, the host's session has %d; leave the count out to take the host's", joiner.Players, host.Players)
	}
	if joiner.Ticks != 0 && joiner.Ticks != host.Ticks {
		return fmt.Sprintf("ticks: the joiner asked to stop after %d, the host after %d; leave it out to take the host's", joiner.Ticks, host.Ticks)
	}
	theirs := make(map[string]wireSetting, len(joiner.Settings))
	for _, s := range joiner.Settings {
		theirs[s.Name] = s
	}
	for _, h := range host.Settings {
		j, ok := theirs[h.Name]
		if !ok {
			return fmt.Sprintf("setting %s missing on the joiner (the host has %q)", h.Name, h.Value)
		}
		if j.Explicit && j.Value != h.Value {
			return fmt.Sprintf("setting %s: the joiner asked for %q, the host runs %q; leave it out to take the host's", h.Name, j.Value, h.Value)
		}
		delete(theirs, h.Name)
	}
	for name := range theirs {
		return fmt.Sprintf("setting %s unknown to the host", name)
	}
	return ""
}
