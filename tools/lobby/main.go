// Command lobby is the rendezvous service of internet play: peers that
// run a game with -lobby ADDR -code SECRET meet in a room named by their
// code, exchange sealed ICE candidates through it, and get short-lived
// credentials for the TURN relay (coturn with use-auth-secret). It never
// sees the code, the session or the game's traffic.
//
//	lobby -listen IP:PORT [-stun stun:HOST:PORT] [-turn turn:HOST:PORT -turn-secret-file FILE]
//	      [-cert FILE -key FILE] [-trust-proxy] [limits]
//
// It listens only where told: ":7000" is refused, "0.0.0.0:7000" must be
// written out. docs/internet-play.md shows how to run it with coturn on
// a server, behind a reverse proxy or with its own certificate.
//
// Exit status: 0 after SIGINT or SIGTERM, 1 when serving fails, 2 for a
// bad command line.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/lockstep-engine/lockstep/platform/lobby"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stderr))
}

// options are the command line's.
type options struct {
	listen, secretFile, cert, key string
	cfg                           lobby.ServerConfig
}

func parse(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("lobby", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:7000", "`IP:PORT` to serve on; 0.0.0.0:PORT for every interface (an empty host is refused)")
	fs.Func("stun", "`stun:HOST:PORT` handed to peers (repeat or separate with commas)", urls(&o.cfg.STUN))
	fs.Func("turn", "`turn:HOST:PORT` handed to peers with credentials (repeat or separate with commas)", urls(&o.cfg.TURN))
	fs.StringVar(&o.secretFile, "turn-secret-file", "", "`FILE` holding coturn's static-auth-secret (required with -turn)")
	fs.DurationVar(&o.cfg.TURNTTL, "turn-ttl", 10*time.Minute, "how long TURN credentials work (at least 1m)")
	fs.DurationVar(&o.cfg.RoomTTL, "room-ttl", 10*time.Minute, "how long a room lives")
	fs.DurationVar(&o.cfg.SessionTTL, "session-ttl", 6*time.Hour, "how long a room under way (every player seat taken once) lives at most while its host polls (at least -room-ttl)")
	fs.DurationVar(&o.cfg.LoneRoomTTL, "lone-room-ttl", 3*time.Minute, "how long a room with one member lives alone (not one under way)")
	fs.IntVar(&o.cfg.MaxGuests, "max-guests", 16, "guest seats of a room, after its player seats (1 to 32): players coming back, late or watching")
	fs.StringVar(&o.cert, "cert", "", "TLS certificate `FILE` (PEM); with -key, serve HTTPS")
	fs.StringVar(&o.key, "key", "", "TLS private key `FILE` (PEM)")
	fs.BoolVar(&o.cfg.TrustProxy, "trust-proxy", false, "behind a reverse proxy on this machine: count clients by X-Forwarded-For")
	fs.IntVar(&o.cfg.MaxRooms, "max-rooms", 10000, "most rooms held at once")
	fs.IntVar(&o.cfg.MaxRoomsPerAddr, "max-rooms-per-addr", 4, "most rooms one client address may hold")
	fs.Float64Var(&o.cfg.Rate, "rate", 20, "requests a second one address may make")
	fs.Float64Var(&o.cfg.JoinRate, "join-rate", 1, "joins a second one address may make (bursts of 10)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q (flags only)", fs.Arg(0))
	}
	if err := listenAddr(o.listen); err != nil {
		return o, err
	}
	if (o.cert == "") != (o.key == "") {
		return o, fmt.Errorf("-cert and -key go together: give both for HTTPS, or neither for HTTP behind a TLS proxy")
	}
	if o.secretFile != "" {
		secret, err := readSecret(o.secretFile, stderr)
		if err != nil {
			return o, err
		}
		o.cfg.TURNSecret = secret
	}
	return o, nil
}

func urls(dst *[]string) func(string) error {
	return func(v string) error {
		for _, u := range strings.Split(v, ",") {
			if u = strings.TrimSpace(u); u != "" {
				*dst = append(*dst, u)
			}
		}
		return nil
	}
}

// listenAddr refuses an address that names no interface: a lobby on
// every interface must be asked for with 0.0.0.0 or [::].
func listenAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-listen %q: %w (want IP:PORT, such as 127.0.0.1:7000)", addr, err)
	}
	if host == "" {
		return fmt.Errorf("-listen %q names no interface: write 127.0.0.1:PORT for this machine, the server's address, or 0.0.0.0:PORT for every interface", addr)
	}
	return nil
}

// readSecret reads coturn's static-auth-secret from path: one line,
// trimmed, at most 1 KiB; it warns when others may read the file.
func readSecret(path string, stderr io.Writer) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("-turn-secret-file: %w (write coturn's static-auth-secret into it)", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("-turn-secret-file %s: a %v, not a file: give the file holding coturn's static-auth-secret", path, fileKind(fi.Mode()))
	}
	if fi.Size() > 1024 {
		return nil, fmt.Errorf("-turn-secret-file %s: %d bytes, want one line of at most 1024", path, fi.Size())
	}
	if fi.Mode().Perm()&0o077 != 0 {
		fmt.Fprintf(stderr, "lobby: warning: -turn-secret-file %s can be read by others (mode %v); chmod 600 it\n", path, fi.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-turn-secret-file: %w (it must be readable by the lobby)", err)
	}
	secret := strings.TrimSpace(string(b))
	if secret == "" || strings.ContainsAny(secret, "\r\n") {
		return nil, fmt.Errorf("-turn-secret-file %s: want one non-empty line (coturn's static-auth-secret)", path)
	}
	return []byte(secret), nil
}

// fileKind names what a path that is not a regular file is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&os.ModeNamedPipe != 0:
		return "named pipe"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

func run(ctx context.Context, args []string, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if err == flag.ErrHelp {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "lobby:", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	o.cfg.Logger = log
	s, err := lobby.NewServer(o.cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		fmt.Fprintf(stderr, "lobby: listen on %s: %v (is another program on that port?)\n", o.listen, err)
		return 1
	}
	log.Info("lobby: listening", "addr", ln.Addr().String(), "tls", o.cert != "", "stun", o.cfg.STUN, "turn", o.cfg.TURN)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln, o.cert, o.key) }()
	select {
	case err = <-done:
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(sctx)
		err = <-done
	}
	if err != nil {
		fmt.Fprintln(stderr, "lobby:", err)
		return 1
	}
	log.Info("lobby: stopped", "stats", fmt.Sprintf("%+v", s.Stats()))
	return 0
}
