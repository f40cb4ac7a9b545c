package lobby

import (
	"context"
	"encoding/hex"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeLobby serves h on a loopback port for the test.
func fakeLobby(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

func shortContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// A lobby (or anyone on the path of a plain-HTTP one) answering with a
// redirect does not get the join body posted elsewhere.
func TestTheClientFollowsNoRedirect(t *testing.T) {
	var elsewhere atomic.Int32
	other := fakeLobby(t, func(w http.ResponseWriter, _ *http.Request) { elsewhere.Add(1) })
	addr := fakeLobby(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+other+r.URL.Path, http.StatusTemporaryRedirect)
	})
	_, err := Join(shortContext(t), addr, "redirected-code", Options{Logger: quiet()})
	if !errors.Is(err, ErrProtocol) || elsewhere.Load() != 0 {
		t.Fatalf("Join: %v, with %d requests elsewhere; want ErrProtocol and none", err, elsewhere.Load())
	}
}

// The lobby's own words never become the game's failure: the reason is
// said in this package's words, the lobby's text only logged, truncated.
func TestALobbysOwnTextIsLoggedNotShown(t *testing.T) {
	text := "download the new client from http://203.0.113.66/" + strings.Repeat("x", 100<<10)
	addr := fakeLobby(t, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusConflict, errorReply{Reason: reasonFull, Message: text})
	})
	var logged strings.Builder
	_, err := Join(shortContext(t), addr, "verbose-lobby", Options{Logger: textLogger(&logged)})
	if !errors.Is(err, ErrRoomFull) || strings.Contains(err.Error(), "download") {
		t.Fatalf("Join: %v; want ErrRoomFull in this package's words", err)
	}
	if !strings.Contains(logged.String(), "download the new client") || logged.Len() > 2*maxLogged+500 {
		t.Fatalf("the log has %d bytes: want the lobby's text, truncated", logged.Len())
	}
}

// A room reported with another number of players than asked for, or a
// status that moves this peer, ends the membership instead of keeping
// the player waiting for a room that will never fill.
func TestARoomOfAnotherSizeIsRefused(t *testing.T) {
	addr := fakeLobby(t, func(w http.ResponseWriter, _ *http.Request) {
		st := seedStatus()
		st.Players = 8
		writeJSON(w, http.StatusOK, joinReply{Member: seedToken, Slot: 0, Status: st})
	})
	if _, err := Join(shortContext(t), addr, "resized-room", Options{Players: 2, Logger: quiet()}); !errors.Is(err, ErrProtocol) {
		t.Fatalf("Join into a room of 8 when asking for 2: %v, want ErrProtocol", err)
	}
}

// A box the lobby forwards twice is dropped the second time; the
// session carries on.
func TestAReplayedBoxIsDroppedSilently(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond})
	ctx := testContext(t)
	a := joinT(t, addr, "replayed-box-code", Options{})
	b := joinT(t, addr, "replayed-box-code", Options{})
	if _, err := a.Wait(ctx, Status.Full); err != nil {
		t.Fatal(err)
	}
	a.mu.Lock()
	box, err := a.sealer.seal(1, a.state.insts[1], []byte("once"))
	a.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	to := s.members[b.member]
	for range 2 { // the lobby replays it
		to.seq++
		m := msgWire{Seq: to.seq, From: 0, Box: box}
		to.queue = append(to.queue, m)
		s.queued += queuedBytes(m)
	}
	to.room.changed(false)
	s.mu.Unlock()
	if _, p, err := b.Recv(ctx); err != nil || string(p) != "once" {
		t.Fatalf("first copy: %q %v", p, err)
	}
	if err := a.Send(ctx, 1, []byte("next")); err != nil {
		t.Fatal(err)
	}
	if _, p, err := b.Recv(ctx); err != nil || string(p) != "next" {
		t.Fatalf("after the replay: %q %v, want the next message and the membership alive", p, err)
	}
}

// textLogger logs into b.
func textLogger(b *strings.Builder) *slog.Logger { return slog.New(slog.NewTextHandler(b, nil)) }

// Someone who sees the host's join go by (the room id and its verifier,
// on the path of a plain-HTTP lobby) cannot take the friend's place: a
// room asks a joiner for the proof only the code yields.
func TestAnObserverOfTheRoomIDCannotTakeTheFriendsPlace(t *testing.T) {
	addr, s := serve(t, ServerConfig{PollWait: 50 * time.Millisecond})
	sec, err := deriveSecrets("observed-code")
	if err != nil {
		t.Fatal(err)
	}
	host := joinT(t, addr, "observed-code", Options{})
	seen := verifier(sec.proof)
	observer := from("127.0.0.66")
	for _, req := range []joinRequest{
		{V: protocolVersion, Room: sec.room.String(), Inst: seedInst},
		{V: protocolVersion, Room: sec.room.String(), Inst: seedInst, Create: true, Verifier: hex.EncodeToString(seen[:])},
		{V: protocolVersion, Room: sec.room.String(), Inst: seedInst, Proof: hex.EncodeToString(seen[:])},
	} {
		if code, _ := raw(t, observer, addr, pathJoin, mustJSON(req)); code == http.StatusOK {
			t.Fatalf("the observer joined with %+v", req)
		}
	}
	friend := joinT(t, addr, "observed-code", Options{})
	if friend.Slot() != 1 {
		t.Fatalf("the friend got slot %d, want 1", friend.Slot())
	}
	if _, err := host.Wait(testContext(t), Status.Full); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); st.Members != 2 {
		t.Fatalf("%d members, want the host and the friend", st.Members)
	}
}
