// Package lobbytest serves a lobby on loopback for a test, as
// net/http/httptest serves a handler: what a test of a program that meets
// its peers through a lobby (platform/lobby/lobbymeet, desktop's -lobby)
// points its peers at.
package lobbytest

import (
	"context"
	"log/slog"
	"net"
	"testing"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// Serve serves a lobby of cfg over plain HTTP on a free loopback port
// until the test ends, and returns its address (host:port, for
// lobby.Options or -lobby). A nil cfg.Logger discards the lobby's log.
// A cfg the lobby refuses fails the test.
func Serve(t testing.TB, cfg lobby.ServerConfig) string {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	srv, err := lobby.NewServer(cfg)
	if err != nil {
		t.Fatalf("lobbytest: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("lobbytest: listen on loopback: %v", err)
	}
	go func() { _ = srv.Serve(ln, "", "") }()
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })
	return ln.Addr().String()
}
