package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// maxPollWait is the longest the server holds a poll open; the client
// gives each poll this much and a margin before it calls it lost.
const maxPollWait = 20 * time.Second

// pollRetries is how many polls in a row may fail to reach the lobby
// before the membership fails with ErrUnreachable; the wait between
// them doubles from pollBackoff (about 8 s in all).
const (
	pollRetries = 6
	pollBackoff = 250 * time.Millisecond
)

// poll fetches messages and status changes until ctx ends or the
// membership fails, and then closes c.polled.
func (c *Client) poll(ctx context.Context, ver uint64) {
	defer close(c.polled)
	var ack uint64
	failures := 0
	for ctx.Err() == nil {
		rctx, cancel := context.WithTimeout(ctx, maxPollWait+10*time.Second)
		b, err := post(rctx, c.hc, c.log, c.base, pathPoll, pollRequest{Member: c.member, Ack: ack, Ver: ver})
		cancel()
		if ctx.Err() != nil {
			c.fail(errClosed)
			return
		}
		if err != nil {
			if !transient(err) || failures == pollRetries {
				c.fail(err)
				return
			}
			failures++
			select {
			case <-time.After(pollBackoff << (failures - 1)):
			case <-ctx.Done():
			}
			continue
		}
		failures = 0
		if ack, ver, err = c.take(ctx, b, ack); err != nil {
			c.fail(err)
			return
		}
	}
	c.fail(errClosed)
}

// transient reports whether a failed poll is worth repeating: the lobby
// did not answer, or asked us to slow down.
func transient(err error) bool {
	return errors.Is(err, ErrUnreachable) || errors.Is(err, ErrBusy) || errors.Is(err, context.DeadlineExceeded)
}

// take applies one poll reply: the new status, then each message opened
// and queued for Recv. It returns the highest seq taken and the room's
// version.
func (c *Client) take(ctx context.Context, b []byte, ack uint64) (uint64, uint64, error) {
	rep, st, err := decodePollReply(b)
	if err == nil {
		err = c.sameRoom(st)
	}
	if err != nil {
		return ack, 0, newError(ErrProtocol, err)
	}
	c.mu.Lock()
	c.state = st
	if len(rep.Servers) > 0 {
		c.servers = rep.Servers
	}
	close(c.change)
	c.change = make(chan struct{})
	c.mu.Unlock()
	for _, m := range rep.Msgs {
		if m.Seq <= ack {
			continue // sent again because our last ack was lost
		}
		c.mu.Lock()
		p, err := c.sealer.open(m.From, m.Box)
		c.mu.Unlock()
		if errors.Is(err, errReplay) {
			c.log.Debug("lobby: dropped a message it had taken already", "from", m.From)
			ack = m.Seq
			continue // the lobby, or someone between, sent it again: it changes nothing
		}
		if err != nil {
			return ack, 0, newError(ErrTampered, errors.New("a forwarded message did not open with the code's key"))
		}
		select {
		case c.inbox <- message{from: m.From, payload: p}:
		case <-ctx.Done():
			return ack, 0, ctx.Err()
		}
		ack = m.Seq
	}
	return ack, rep.Status.Ver, nil
}

// sameRoom checks a status the lobby reported against what this peer
// knows: the room keeps its number of players, and this peer its slot
// (a lobby that says otherwise would keep a player waiting for a room
// that is not its own).
func (c *Client) sameRoom(st roomState) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st.Players != c.state.Players || st.guests != c.state.guests {
		return fmt.Errorf("the room changed from %d players and %d guest seats to %d and %d", c.state.Players, c.state.guests, st.Players, st.guests)
	}
	if st.insts[c.slot] != c.state.insts[c.slot] {
		return fmt.Errorf("this peer's slot %d is no longer its own", c.slot)
	}
	return nil
}
