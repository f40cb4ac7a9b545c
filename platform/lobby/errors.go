package lobby

import (
	"errors"
	"fmt"
)

// The reasons a lobby connection fails, in terms a player understands.
// Every error this package returns for one of them is an *Error whose
// Kind is the reason, so errors.Is(err, ErrUnreachable) and the like
// work on it. What fails after the lobby has done its part, finding a
// path between the peers, is platform/transport's to say: its ErrNoPath
// and ErrRelayRefused (the relay refused the lobby's TURN credentials),
// declared there alone so that errors.Is has one value to match.
var (
	// ErrUnreachable: the lobby did not answer (wrong address, no
	// network, lobby down).
	ErrUnreachable = errors.New("the lobby cannot be reached")
	// ErrCodeUnknown: no room has this code (a typo, or it expired).
	ErrCodeUnknown = errors.New("no game has this code")
	// ErrRoomFull: every seat the peer may take is taken (the player
	// seats and the guest seats, or the guest seats for a watcher), or
	// the room was made for a different number of players.
	ErrRoomFull = errors.New("the game with this code is full")
	// ErrRoomClosed: the room expired, or its host left it (as it does
	// when the session ends; a host of an older build left once the game
	// started).
	ErrRoomClosed = errors.New("the game with this code has already started, or ended")
	// ErrPeerLeft: the player a message was for has left the room.
	ErrPeerLeft = errors.New("the other player left the lobby")
	// ErrBusy: the lobby refused for now (rate limits, too many rooms).
	ErrBusy = errors.New("the lobby is busy")
	// ErrTampered: a message did not come from a peer holding the code:
	// the lobby or someone between changed it.
	ErrTampered = errors.New("a message through the lobby was changed")
	// ErrProtocol: the lobby answered something this client does not
	// understand (a different version, or not a lobby at all).
	ErrProtocol = errors.New("the lobby answered something unexpected")
)

// tryFor is what a player can try for each reason.
func tryFor(kind error) string {
	switch kind {
	case ErrUnreachable:
		return "check the lobby address and your internet connection, or connect directly without a lobby"
	case ErrCodeUnknown:
		return "check the code with whoever shared it, or host a new game"
	case ErrRoomFull:
		return "ask the host for a new code, or check the number of players"
	case ErrRoomClosed:
		return "host a new game and share its code"
	case ErrPeerLeft:
		return "ask them to join again with the same code"
	case ErrBusy:
		return "wait a minute and try again"
	case ErrTampered:
		return "try again; if it happens again, use another lobby"
	default:
		return "check that the address is a lockstep lobby of a matching version"
	}
}

// Error is a lobby failure: which of the Err* reasons, what to try, and
// the cause underneath.
type Error struct {
	// Kind is one of the Err* reasons; never nil.
	Kind error
	// Try is what the player can do about it, one short sentence.
	Try string
	// Err is the cause underneath, for the log; nil when there is none.
	Err error
}

func newError(kind, cause error) *Error {
	return &Error{Kind: kind, Try: tryFor(kind), Err: cause}
}

// Error says the reason, the cause and what to try.
func (e *Error) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("lobby: %v (%s)", e.Kind, e.Try)
	}
	return fmt.Sprintf("lobby: %v: %v (%s)", e.Kind, e.Err, e.Try)
}

// Unwrap returns the reason and the cause.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}
