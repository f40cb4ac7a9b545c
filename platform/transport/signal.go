package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"
)

// Rendezvous carries the ICE exchange between the peers of a session:
// the lobby's client (platform/lobby) does, sealed with a key
// derived from the code. Meet needs nothing else of it.
type Rendezvous interface {
	// Slot is this peer's place in the room; 0 hosts.
	Slot() int
	// Send delivers payload to the peer in slot to, in order.
	Send(ctx context.Context, to int, payload []byte) error
	// Recv returns the next payload another peer sent this one.
	Recv(ctx context.Context) (from int, payload []byte, err error)
}

// ICEServer is a STUN or TURN server the peers gather candidates from.
type ICEServer struct {
	// URLs are such as "stun:203.0.113.5:3478" or
	// "turn:203.0.113.5:3478?transport=udp"; an ICEServer without any
	// adds nothing.
	URLs []string
	// Username and Credential are a TURN server's (short-lived TURN REST
	// credentials); empty for STUN.
	Username, Credential string
}

// signal is one message of the ICE exchange: first the sender's
// credentials, then its candidates one by one as it gathers them, then
// Done.
type signal struct {
	Ufrag     string `json:"ufrag,omitempty"`
	Pwd       string `json:"pwd,omitempty"`
	Candidate string `json:"candidate,omitempty"`
	Done      bool   `json:"done,omitempty"`
}

// maxSignal bounds one message: a candidate line is about 100 bytes.
const maxSignal = 1024

// maxCandidates bounds the candidates a peer may send: a machine has a
// few interfaces, and each gives a host, a reflexive and a relay one.
const maxCandidates = 64

func encodeSignal(s signal) []byte {
	b, _ := json.Marshal(s) // strings and a bool always encode
	return b
}

// decodeSignal checks a message from the other peer: the lobby cannot
// forge one, but a peer holding the code can send anything.
func decodeSignal(b []byte) (signal, error) {
	var s signal
	if len(b) > maxSignal {
		return s, fmt.Errorf("transport: an ICE message of %d bytes (at most %d)", len(b), maxSignal)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, fmt.Errorf("transport: a malformed ICE message: %w", err)
	}
	if (s.Ufrag == "") != (s.Pwd == "") {
		return s, fmt.Errorf("transport: an ICE message with half a credential")
	}
	n := 0
	for _, set := range []bool{s.Ufrag != "", s.Candidate != "", s.Done} {
		if set {
			n++
		}
	}
	if n != 1 {
		return s, fmt.Errorf("transport: an ICE message must carry one of credentials, a candidate or done")
	}
	return s, nil
}

// signalTimeout bounds one message's trip through the lobby.
const signalTimeout = 10 * time.Second

// outbox sends signals in the order they were pushed, from one goroutine
// (pion calls OnCandidate from its own).
type outbox struct {
	ctx  context.Context
	send func(context.Context, []byte) error
	mu   sync.Mutex
	q    []signal
	wake chan struct{}
}

func newOutbox(ctx context.Context, send func(context.Context, []byte) error) *outbox {
	return &outbox{ctx: ctx, send: send, wake: make(chan struct{}, 1)}
}

func (o *outbox) push(s signal) {
	o.mu.Lock()
	if len(o.q) < maxCandidates+2 {
		o.q = append(o.q, s)
	}
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// run sends until ctx ends; a failed send ends it with the error.
func (o *outbox) run() error {
	for {
		o.mu.Lock()
		q := o.q
		o.q = nil
		o.mu.Unlock()
		for _, s := range q {
			sctx, cancel := context.WithTimeout(o.ctx, signalTimeout)
			err := o.send(sctx, encodeSignal(s))
			cancel()
			if err != nil {
				if o.ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("transport: send ICE candidates through the lobby: %w", err)
			}
		}
		select {
		case <-o.wake:
		case <-o.ctx.Done():
			return nil
		}
	}
}
