package desktop

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image/color"
	"log/slog"
	"net"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	np "github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/codeid"
	pnet "github.com/lockstep-engine/lockstep/platform/netplay"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// NetOptions are the netplay flags. The zero value plays alone.
type NetOptions struct {
	Host string // -host: listen on this address for the other players; "" not hosting
	Join string // -join: join the host at this address; "" not joining
	// Code is the session's secret (-code); "" on the host means generate one.
	Code string
	// InputDelay fixes the input delay in ticks (-input-delay); 0 means
	// chosen from the measured round trip.
	InputDelay int
	// DropAfter is how long a silent peer is waited for (-net-timeout);
	// 0 means 3 s.
	DropAfter time.Duration
	// Lobby is the address of a lobby (tools/lobby) the peers meet
	// through (-lobby): every peer gives the same Code and the first to
	// arrive hosts; ICE finds a path between them, through a relay when
	// it must. A game can set it so its players never type an address
	// (every run then plays through it; -lobby "" plays alone); "" means
	// no lobby (-host and -join).
	Lobby string
}

func (n *NetOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&n.Host, "host", "", "netplay: wait for the other players on `addr` (such as 127.0.0.1:7777 or a LAN address)")
	fs.StringVar(&n.Join, "join", "", "netplay: join the host at `addr`")
	fs.StringVar(&n.Code, "code", "", "netplay: the session's secret (the host prints a generated one when not given)")
	fs.IntVar(&n.InputDelay, "input-delay", 0, fmt.Sprintf("netplay: ticks of input delay, 1 to %d (0: from the measured round trip)", np.MaxInputDelay))
	fs.DurationVar(&n.DropAfter, "net-timeout", np.DefaultDropAfter, "netplay: end the session when a peer has been silent this long")
	fs.StringVar(&n.Lobby, "lobby", n.Lobby, "netplay: meet the other players through the lobby at `addr`; every player gives the same -code (leave it out to have one generated) and the first to arrive hosts")
}

// active reports whether the run is a netplay session.
func (n *NetOptions) active() bool { return n.Host != "" || n.Join != "" || n.Lobby != "" }

func (n *NetOptions) validate(c *Config) error {
	switch {
	case n.Host != "" && n.Join != "":
		return usagef("-host and -join cannot be used together: host a session, or join one")
	case n.Lobby != "" && (n.Host != "" || n.Join != ""):
		return usagef("-lobby finds the host itself: drop -host and -join, or drop -lobby")
	case n.Join != "" && n.Code == "":
		return usagef("-join needs -code: the host printed it")
	case n.Code != "" && !n.active():
		return usagef("-code needs -host, -join or -lobby")
	case n.Code != "" && len(n.Code) < pnet.MinCode:
		return usagef("invalid value for -code: want at least %d characters (leave it out on the host to have one generated)", pnet.MinCode)
	case n.InputDelay < 0 || n.InputDelay > np.MaxInputDelay:
		return usagef("invalid value %d for -input-delay: want 0 (from the round trip) or 1 to %d ticks", n.InputDelay, np.MaxInputDelay)
	case n.InputDelay != 0 && n.Join != "":
		return usagef("-input-delay is the host's to choose: give it to the host")
	case n.DropAfter < np.DefaultWarnAfter:
		return usagef("invalid value %v for -net-timeout: want %v or more", n.DropAfter, np.DefaultWarnAfter)
	case n.active() && c.Output.Replay != "":
		return usagef("-replay plays a recording alone: drop -host, -join and -lobby")
	case n.active() && (c.Loop.Frames != 0 || c.Loop.Duration != 0):
		return usagef("-frames and -duration stop each peer on its own: in a session use -ticks, which stops every peer on the same tick")
	}
	return nil
}

// netRun is a run's netplay session.
type netRun struct {
	joined  *pnet.Joined
	session *np.Session
	log     *slog.Logger
	waiting bool   // the log said a peer is silent
	why     string // why the session ended, for the summary
	// dropAfter bounds the wait for the peers' last acknowledgements.
	dropAfter time.Duration
	bot       Bot
	botIn     engine.Input
	// interrupted is set from a signal's goroutine: the next Frame asks
	// to end the session, as a closed window does.
	interrupted atomic.Bool
	// now is the last Frame's time; heldAt when the tick being held was
	// first held (-1: none is); maxHeld the longest any was.
	now, heldAt, maxHeld time.Duration
	banner               [64]byte // drawWaiting's text, so drawing it allocates nothing
}

// startNet connects the session before the game starts, so that a joiner
// starts it with the host's settings, drawing in win what it waits for.
func startNet(ctx context.Context, game any, o *Config, log *slog.Logger, win *sdl2.Window, screen **waitScreen) (*netRun, error) {
	m, ok := game.(engine.Multiplayer)
	if !ok {
		return nil, usagef("-host and -join need a game with players: %s has none", nameOf(game))
	}
	n := &o.Net
	opt := pnet.Options{Code: n.Code, Players: m.Players(), InputDelay: n.InputDelay, TPS: o.Loop.TPS,
		Build: buildID(o.Version, log), Game: nameOf(game), Logger: log, Timeout: n.DropAfter}
	for _, s := range o.recordedSettings() {
		opt.Settings = append(opt.Settings, pnet.Setting{Name: s.Name, Value: s.Value, Explicit: o.given[s.Name]})
	}
	// Every peer stops on the host's -ticks (0: when a player quits).
	opt.Settings = append(opt.Settings, pnet.Setting{Name: "ticks", Value: strconv.FormatUint(o.Loop.Ticks, 10), Explicit: o.given["ticks"]})
	// A joiner takes its place only once it knows it can run the host's
	// settings: they are tried on a copy of its Config first.
	opt.Check = func(ss []pnet.Setting) error {
		c := *o
		return adoptSettings(&c, ss)
	}
	var connect func(context.Context) (*pnet.Joined, error)
	switch {
	case n.Lobby != "":
		connect = lobbyConnect(n.Lobby, &opt, log, screen)
	case n.Host != "":
		if opt.Code == "" {
			opt.Code = pnet.NewCode()
		}
		s := hostScreen(n.Host, opt.Code, opt.Players)
		*screen, opt.Arrived = s, s.arrived
		connect = func(ctx context.Context) (*pnet.Joined, error) {
			return pnet.Host(ctx, n.Host, opt, func(a net.Addr) {
				s.listening(a)
				log.Info("netplay: hosting: the other players run the same game with -join ADDR -code CODE", "addr", a.String(), "code", opt.Code, "players", opt.Players)
			})
		}
	default:
		*screen = joinScreen(n.Join)
		log.Info("netplay: joining", "addr", n.Join)
		connect = func(ctx context.Context) (*pnet.Joined, error) { return pnet.Join(ctx, n.Join, opt) }
	}
	start := time.Now()
	j, err := connectDrawing(ctx, win, *screen, connect)
	if err != nil {
		if n.Lobby != "" && ctx.Err() == nil && !errors.Is(err, errWindowClosed) {
			holdFailure(ctx, win, *screen)
		}
		return nil, err
	}
	j.Connect = time.Since(start) // the lobby and the wait for the others included
	if err := adoptSettings(o, j.Settings); err != nil {
		_ = j.Close()
		return nil, err
	}
	s, err := np.New(np.Config{Players: j.Players, Slot: j.Slot, Peers: j.Peers, InputDelay: j.InputDelay,
		TPS: o.Loop.TPS, DropAfter: n.DropAfter, AdaptDelay: n.InputDelay == 0})
	if err != nil {
		_ = j.Close()
		return nil, err
	}
	log.Info("netplay: session started", "slot", j.Slot, "players", j.Players, "input_delay", j.InputDelay, "rtt", j.RTT, "path", j.Path, "connect", j.Connect.Round(time.Millisecond))
	bot, _ := game.(Bot)
	return &netRun{joined: j, session: s, log: log, dropAfter: n.DropAfter, bot: bot, heldAt: -1}, nil
}

// adoptSettings gives a joiner the host's settings (those it chose itself
// already agree: the host refused it otherwise).
func adoptSettings(o *Config, ss []pnet.Setting) error {
	for _, s := range ss {
		var err error
		switch s.Name {
		case "seed":
			o.Seed, err = strconv.ParseUint(s.Value, 10, 64)
		case "tps":
			o.Loop.TPS, err = strconv.Atoi(s.Value)
		case "ticks":
			o.Loop.Ticks, err = strconv.ParseUint(s.Value, 10, 64)
			continue
		case "physics":
			err = o.Physics.UnmarshalText([]byte(s.Value))
		default:
			if o.flags == nil {
				err = errors.New("this run has no command line to set it on")
			} else {
				err = o.flags.Set(s.Name, s.Value)
			}
		}
		if err != nil {
			return fmt.Errorf("netplay: the host's -%s %s: %w", s.Name, s.Value, err)
		}
	}
	o.settings = nil
	for _, s := range ss {
		if s.Name != "ticks" { // a stop condition, not the simulation's
			o.settings = append(o.settings, tape.Setting{Name: s.Name, Value: s.Value})
		}
	}
	return o.validate()
}

// Frame is the session's, and says in the log when a peer goes silent
// and when it is back.
func (r *netRun) Frame(now time.Duration, quit bool) error {
	r.now = now
	err := r.session.Frame(now, quit || r.interrupted.Load())
	slot, silent, ok := r.session.Waiting()
	if ok && !r.waiting {
		r.log.Warn("netplay: waiting for a silent player", "slot", slot, "silent", silent.Round(time.Millisecond))
	} else if !ok && r.waiting {
		r.log.Info("netplay: every player is back")
	}
	r.waiting = ok
	return err
}

// Inputs is the session's, with the bot's input for the keyboard's when
// the game has a bot playing.
func (r *netRun) Inputs(n uint64, local *engine.Input, players []engine.Input, state engine.StateHasher) (bool, error) {
	if r.bot != nil && r.bot.BotInput(n, &r.botIn) {
		local = &r.botIn
	}
	ready, err := r.session.Inputs(n, local, players, state)
	switch {
	case !ready && r.heldAt < 0:
		r.heldAt = r.now
	case ready && r.heldAt >= 0:
		r.maxHeld = max(r.maxHeld, r.now-r.heldAt)
		r.heldAt = -1
	}
	return ready, err
}

// finish lets the other peers have this one's last inputs and closes the
// connections; it says why the session ended.
func (r *netRun) finish(clock engine.Clock, runErr error, dropAfter time.Duration) error {
	if clock == nil {
		clock = engine.NewSystemClock(engine.WaitSleep)
	}
	var silent *np.SilentError
	var desync *np.DesyncError
	switch {
	case errors.As(runErr, &silent):
		r.why = "silent peer"
	case errors.As(runErr, &desync):
		r.why = "desync"
	case runErr != nil:
		r.why = "error"
	default:
		r.why = "ended"
	}
	if !errors.As(runErr, &silent) && !pnet.Settle(r.session, clock, dropAfter) {
		r.log.Warn("netplay: a peer did not confirm the end; it may wait for its timeout")
	}
	return r.joined.Close()
}

// buildID names this binary's simulation for the host's check that
// every peer runs the same one: the platform and architecture (floating
// point differs between them), then the game's own version when cfg
// declares one, else the Go version and a digest of the executable's
// code, constants and initialised data (see package codeid), whatever
// version control says. It is computed once, as the session starts.
func buildID(version string, log *slog.Logger) string {
	id := tape.ThisPlatform()
	if version != "" {
		return id + " version " + version
	}
	d, err := codeid.Self()
	if err == nil {
		return id + " " + runtime.Version() + " code " + d
	}
	log.Warn("netplay: cannot fingerprint this program's code: comparing its build stamp instead (set Config.Version to name the game's own)", "err", err)
	if bi, ok := debug.ReadBuildInfo(); ok {
		id += " " + bi.GoVersion + " " + bi.Main.Path + "@" + bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += " " + s.Value
			}
		}
	}
	return id
}

// NetSummary is the summary's netplay object (DESIGN.md): present only in
// a netplay session.
type NetSummary struct {
	Peers      int    `json:"peers"`       // other peers in the session
	Slot       int    `json:"slot"`        // this peer's player slot (0: the host)
	InputDelay int    `json:"input_delay"` // ticks, at the end
	RTTMS      RTTMS  `json:"rtt_ms"`      // round trips measured during the session, from the datagrams' own times
	End        string `json:"end"`         // ended, desync, silent peer or error
	// TicksWaited counts the frames a due tick was held for a peer's
	// input; MSStalled is the time given up while held.
	TicksWaited uint64  `json:"ticks_waited"`
	MSStalled   float64 `json:"ms_stalled"`
	// MaxStallMS is the longest one tick was held for a peer's input.
	MaxStallMS float64 `json:"max_stall_ms"`
	// DelayChanges counts the input delay changes the session made as
	// the round trip changed (the delay is the host's to choose; 0 with
	// -input-delay).
	DelayChanges uint64 `json:"delay_changes"`
	Slowed       uint64 `json:"slowed"` // ticks held to let a slower peer's clock catch up

	DatagramsSent     uint64 `json:"datagrams_sent"`
	DatagramsReceived uint64 `json:"datagrams_received"`
	BytesSent         uint64 `json:"bytes_sent"` // datagram payloads, without QUIC's and UDP's headers
	BytesReceived     uint64 `json:"bytes_received"`
	// WireBytesSent and WireBytesReceived are what QUIC carried: the
	// datagrams with its headers, encryption and acknowledgements.
	WireBytesSent     uint64 `json:"wire_bytes_sent"`
	WireBytesReceived uint64 `json:"wire_bytes_received"`
	Lost              uint64 `json:"lost"`    // datagrams the peers sent that never arrived
	Resent            uint64 `json:"resent"`  // inputs sent again, not yet acknowledged
	Dropped           uint64 `json:"dropped"` // malformed, forged, replayed or flooding datagrams
	// Desync is the first tick whose state hashes differed, null when none did.
	Desync *uint64 `json:"desync"`
	// Path is how the peers reached each other: "direct" for -host and
	// -join; through a lobby what ICE found: "direct host",
	// "server-reflexive", "peer-reflexive" or "relay".
	Path string `json:"path"`
	// ConnectMS is how long connecting took, from the start of the
	// session's setup (the lobby included) until every peer was greeted.
	ConnectMS float64 `json:"connect_ms"`
}

// RTTMS are round-trip percentiles in milliseconds.
type RTTMS struct {
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
}

func (r *netRun) summary(rep *engine.Report) *NetSummary {
	st := r.session.Stats()
	ws, wr := r.joined.WireBytes()
	return &NetSummary{
		WireBytesSent: ws, WireBytesReceived: wr,
		Peers: st.Peers, Slot: r.joined.Slot, InputDelay: st.InputDelay, End: r.why,
		RTTMS:       RTTMS{P50: ms(st.RTT50), P99: ms(st.RTT99)},
		TicksWaited: st.TicksWaited, MSStalled: ms(rep.Held.Stalled), Slowed: st.Slowed,
		MaxStallMS: ms(r.maxHeld), DelayChanges: st.DelayChanges,
		DatagramsSent: st.DatagramsSent, DatagramsReceived: st.DatagramsReceived,
		BytesSent: st.BytesSent, BytesReceived: st.BytesReceived,
		Lost: st.Lost, Resent: st.Resent, Dropped: st.Dropped + r.joined.Dropped(), Desync: st.Desync,
		Path: r.joined.Path, ConnectMS: ms(r.joined.Connect),
	}
}

// openNet starts the session when the command line asks for one, waiting
// for the other players until they come or ctx (or a signal) ends it;
// the window says meanwhile what it waits for (screen, on return).
func openNet(ctx context.Context, game any, o *Config, log *slog.Logger, win *sdl2.Window, screen **waitScreen) (*netRun, error) {
	if !o.Net.active() {
		return nil, nil
	}
	return startNet(ctx, game, o, log, win, screen)
}

// loopContext is the context a session's loop runs under: an interrupt
// (ctx ending: SIGINT, SIGTERM, SIGHUP) asks the session to end, as
// closing the window does, so that every peer stops on one tick with its
// outputs; only when that has not happened within the drop timeout (a
// peer is gone) does the loop's context end. Nil-safe.
func (r *netRun) loopContext(ctx context.Context) (context.Context, func()) {
	if r == nil {
		return ctx, func() {}
	}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var timer *time.Timer
	var mu sync.Mutex
	stop := context.AfterFunc(ctx, func() {
		r.log.Info("interrupted: ending the session on a tick every peer agrees")
		r.interrupted.Store(true)
		mu.Lock()
		defer mu.Unlock()
		timer = time.AfterFunc(r.dropAfter+time.Second, cancel)
	})
	return lctx, func() {
		stop()
		mu.Lock()
		defer mu.Unlock()
		if timer != nil {
			timer.Stop()
		}
		cancel()
	}
}

// setup tells the game its slot. Nil-safe.
func (r *netRun) setup(s *Setup) {
	if r != nil {
		s.Slot, s.Players = r.joined.Slot, r.joined.Players
	}
}

// configure hands the loop the session, makes the game's quit key end it
// on a tick every peer agrees on, and bounds a headless session by ticks
// (a duration would stop each peer on its own tick). Nil-safe.
func (r *netRun) configure(cfg *engine.Config, run *runner, headless bool, asked time.Duration, log *slog.Logger) {
	if r == nil {
		return
	}
	cfg.Lockstep = r
	run.quit = r.session.Quit
	run.overlay = r.drawWaiting
	if headless && cfg.Ticks == 0 && cfg.Duration != asked {
		cfg.Duration = 0
		cfg.Ticks = uint64(HeadlessDuration/time.Second) * uint64(cfg.TPS)
		log.Info("netplay: running headless for the same ticks on every peer", "ticks", cfg.Ticks)
	}
}

// end settles the session after the loop and returns its summary object.
// Nil-safe.
func (r *netRun) end(clock engine.Clock, runErr error, rep *engine.Report) (*NetSummary, error) {
	if r == nil {
		return nil, runErr
	}
	runErr = errors.Join(runErr, r.finish(clock, runErr, r.dropAfter))
	return r.summary(rep), runErr
}

// closeEarly closes the connections when the run ended before its loop
// ran. Nil-safe.
func (r *netRun) closeEarly(looped *bool, err *error) {
	if r != nil && !*looped {
		*err = errors.Join(*err, r.joined.Close())
	}
}

// LocalFlagger is a Flagger some of whose flags change only what this
// machine does, never the simulation (a bot's seed): recordings do not
// keep them and the peers of a session need not agree on them.
type LocalFlagger interface {
	LocalFlags() []string
}

func localFlags(game any) map[string]bool {
	m := map[string]bool{}
	if l, ok := game.(LocalFlagger); ok {
		for _, n := range l.LocalFlags() {
			m[n] = true
		}
	}
	return m
}

// Bot is a game that can play this machine's player itself (-bot): in a
// session its input stands in for the keyboard's, so two processes can
// play each other unattended.
type Bot interface {
	// BotInput fills in with the input for tick n and reports whether
	// the bot plays; false leaves the keyboard's.
	BotInput(n uint64, in *engine.Input) bool
}

// playersOf is the game's player slots, 0 when it has none.
func playersOf(game any) int {
	if m, ok := game.(engine.Multiplayer); ok {
		return m.Players()
	}
	return 0
}

// waitingColor is the banner a session draws over the game while a
// player is silent.
var waitingColor = color.RGBA{R: 255, G: 190, B: 90, A: 255}

// drawWaiting says over the game, top left, which player the session
// waits for and for how long, once a player has been silent for
// WarnAfter; nothing otherwise.
func (r *netRun) drawWaiting(c *sdl2.Canvas) {
	slot, silent, ok := r.session.Waiting()
	if !ok {
		return
	}
	b := append(r.banner[:0], "waiting for player "...)
	b = strconv.AppendInt(b, int64(slot), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, silent.Milliseconds(), 10)
	b = append(b, " ms"...)
	lh := c.LineHeight()
	c.FillRect(0, 0, float64(len(b)+2)*lh*7/13, 1.5*lh, color.RGBA{A: 200}) // glyphs are 7 by 13
	c.TextBytes(lh/2, lh/4, b, waitingColor)
}
