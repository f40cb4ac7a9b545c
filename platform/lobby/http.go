package lobby

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// The reasons the server gives in an errorReply, and the HTTP status of
// each.
const (
	reasonUnknown = "unknown" // 404: no room with this id, or no such member
	reasonFull    = "full"    // 409: no free slot, or another room size
	reasonClosed  = "closed"  // 410: room expired or host left
	reasonBusy    = "busy"    // 429 or 503: rate limited or out of room
	reasonBad     = "bad"     // 400: malformed request
	reasonAbsent  = "absent"  // 404 on send: no member in that slot
	reasonProve   = "prove"   // 409 on join: the room asks for the join proof
	reasonGuests  = "guests"  // 409 on join: no seat it may take is free
	reasonVersion = "version" // 400 on join: another protocol version
)

func kindOf(reason string) error {
	switch reason {
	case reasonUnknown:
		return ErrCodeUnknown
	case reasonFull, reasonGuests:
		return ErrRoomFull
	case reasonClosed:
		return ErrRoomClosed
	case reasonBusy:
		return ErrBusy
	case reasonAbsent:
		return ErrPeerLeft
	case reasonProve:
		return errProve
	default:
		return ErrProtocol
	}
}

// detailOf is what this package says of a refusal beyond its kind, in
// its own words; empty for most.
func detailOf(reason string) string {
	switch reason {
	case reasonGuests:
		return ": every guest seat is taken (and every player seat, unless watching)"
	case reasonVersion:
		return ": the lobby speaks another version of its protocol; update the game (or ask the lobby's operator which version it serves)"
	}
	return ""
}

// errProve is a join refused for want of the join proof: Join asks
// again with it.
var errProve = errors.New("the room asks for the code's join proof")

// baseURL turns -lobby's ADDR into the URL requests go to: HOST:PORT
// means plain HTTP; an http:// or https:// URL is taken as it is.
func baseURL(addr string) (string, error) {
	if strings.HasPrefix(addr, "http://") || strings.HasPrefix(addr, "https://") {
		return strings.TrimRight(addr, "/"), nil
	}
	if addr == "" || strings.Contains(addr, "/") {
		return "", fmt.Errorf("lobby: address %q: want HOST:PORT or an https:// URL", addr)
	}
	return "http://" + addr, nil
}

// maxLogged bounds how much of a lobby's own refusal text goes to the
// log: the lobby is not trusted to word the game's failures.
const maxLogged = 200

// post sends req as JSON to path and returns the reply's body, or an
// *Error: ErrUnreachable when no answer came, the server's reason when it
// refused, in this package's words (the lobby's own text is only logged,
// truncated). Without a deadline in ctx it waits at most 30 s.
func post(ctx context.Context, hc *http.Client, log *slog.Logger, base, path string, req any) ([]byte, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, maxPollWait+10*time.Second)
		defer cancel()
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("lobby: encode %s: %w", path, err)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		return nil, newError(ErrUnreachable, err)
	}
	hr.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(hr)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, newError(ErrUnreachable, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		return nil, newError(ErrUnreachable, err)
	}
	if resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusNoContent {
		return b, nil
	}
	var e errorReply
	if decode(b, maxReply, &e) != nil || e.Reason == "" {
		return nil, newError(ErrProtocol, fmt.Errorf("%s answered %s", path, resp.Status))
	}
	log.Info("lobby: refused", "path", path, "status", resp.StatusCode, "reason", truncate(e.Reason), "message", truncate(e.Message))
	return nil, newError(kindOf(e.Reason), fmt.Errorf("%s refused (%s)%s", path, resp.Status, detailOf(e.Reason)))
}

// truncate bounds s for the log.
func truncate(s string) string {
	if len(s) > maxLogged {
		return s[:maxLogged] + "..."
	}
	return s
}

// noRedirects is an http.Client's CheckRedirect for the lobby: a request
// goes to the lobby the player named, never where an answer points (a
// join body posted elsewhere, or a lobby on the path sending the player
// to a service of its choosing).
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
