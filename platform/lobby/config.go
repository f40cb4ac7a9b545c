package lobby

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// ServerConfig sets up a lobby server. The zero value is a lobby with no
// STUN or TURN servers to hand out and the default limits.
type ServerConfig struct {
	// STUN are the stun: URLs handed to every peer; none means none.
	STUN []string
	// TURN are the turn: URLs handed to every peer with credentials;
	// none means no relay.
	TURN []string
	// TURNSecret is coturn's static-auth-secret (use-auth-secret), from
	// which the lobby makes each peer's TURN REST credentials; required
	// when TURN is set.
	TURNSecret []byte
	// TURNTTL is how long TURN credentials work; 0 means 10 minutes.
	TURNTTL time.Duration
	// RoomTTL is how long a room lives from its creation; 0 means 10
	// minutes. A room under way (every player seat taken once) lives on
	// while its host polls: to RoomTTL past the host's latest poll,
	// within SessionTTL.
	RoomTTL time.Duration
	// SessionTTL bounds how long a room under way lives from its
	// creation, however long its host polls; 0 means 6 hours. At least
	// RoomTTL.
	SessionTTL time.Duration
	// LoneRoomTTL closes a room that has had only one member for this
	// long (rooms nobody joins are what a flood holds), unless it is
	// under way (its host waits for players coming back); 0 means 3
	// minutes.
	LoneRoomTTL time.Duration
	// MaxGuests is how many guest seats a room has after its player
	// seats, for peers that come when every player seat is taken or that
	// come to watch (Options.Watch); 0 means 16, at most 32.
	MaxGuests int
	// MemberTimeout drops a member that has not polled for this long;
	// 0 means 30 seconds.
	MemberTimeout time.Duration
	// PollWait is how long a poll waits for news before an empty answer;
	// 0 or more than 20 seconds means 20 seconds.
	PollWait time.Duration
	// MaxRooms bounds the rooms held at once (expired ones included
	// until swept); 0 means 10,000.
	MaxRooms int
	// MaxRoomsPerAddr bounds the rooms one address has created and that
	// are still held; 0 means 4. An address is an IPv4 address or an
	// IPv6 /64; an IPv6 /56 may hold 4 times each per-address limit and
	// a /48 16 times.
	MaxRoomsPerAddr int
	// MaxMembersPerAddr bounds one address's memberships; 0 means 16.
	MaxMembersPerAddr int
	// MaxQueuedPerAddr bounds the bytes of messages one address has sent
	// that wait to be polled, its share of MaxQueuedBytes; 0 means 128
	// KiB (ICE needs a few KiB).
	MaxQueuedPerAddr int
	// MaxAddrs is how many addresses that hold nothing the server
	// remembers (their rate limiters) before it forgets the least
	// recently seen; 0 means 65,536. Addresses holding rooms,
	// memberships or messages are kept, bounded by the limits above.
	MaxAddrs int
	// Rate is the requests a second one address may make, with bursts
	// of twice as many; 0 means 20.
	Rate float64
	// JoinRate is the joins a second one address may make, with bursts
	// of ten; 0 means 1.
	JoinRate float64
	// MaxQueue bounds the messages waiting for one member; 0 means 32.
	MaxQueue int
	// MaxQueuedBytes bounds the bytes of messages waiting in all rooms;
	// 0 means 64 MiB.
	MaxQueuedBytes int
	// MaxConns and MaxConnsPerAddr bound open connections in Serve;
	// 0 means 4,096 and 32 (an IPv6 /56 may hold twice as many, a /48
	// four times). A new connection over a bound closes the oldest idle
	// one within it, and is refused only when none is idle.
	MaxConns, MaxConnsPerAddr int
	// TrustProxy takes a client's address from the last
	// X-Forwarded-For entry when the connection comes from a loopback
	// address (a reverse proxy on the same machine); false means the
	// connection's address.
	TrustProxy bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger notes refusals and a stats line a minute; nil means
	// slog.Default().
	Logger *slog.Logger
}

func (c ServerConfig) withDefaults() (ServerConfig, error) {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	defd := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	defd(&c.TURNTTL, 10*time.Minute)
	defd(&c.RoomTTL, 10*time.Minute)
	defd(&c.SessionTTL, 6*time.Hour)
	defd(&c.MemberTimeout, 30*time.Second)
	defd(&c.LoneRoomTTL, 3*time.Minute)
	if c.PollWait <= 0 || c.PollWait > maxPollWait {
		c.PollWait = maxPollWait
	}
	def(&c.MaxRooms, 10000)
	def(&c.MaxGuests, 16)
	def(&c.MaxRoomsPerAddr, 4)
	def(&c.MaxMembersPerAddr, 16)
	def(&c.MaxQueuedPerAddr, 128<<10)
	def(&c.MaxAddrs, 65536)
	def(&c.MaxQueue, 32)
	def(&c.MaxQueuedBytes, 64<<20)
	def(&c.MaxConns, 4096)
	def(&c.MaxConnsPerAddr, 32)
	if c.Rate == 0 {
		c.Rate = 20
	}
	if c.JoinRate == 0 {
		c.JoinRate = 1
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c, c.check()
}

// check checks a defaulted c: the servers it hands out, its times and
// its limits, in that order, the first error found.
func (c ServerConfig) check() error {
	if err := c.checkICE(); err != nil {
		return err
	}
	if err := c.checkTimes(); err != nil {
		return err
	}
	return c.checkLimits()
}

// checkICE checks the STUN and TURN URLs handed out, and that TURN
// comes with its secret.
func (c ServerConfig) checkICE() error {
	if len(c.TURN) > 0 && len(c.TURNSecret) == 0 {
		return errors.New("lobby: TURN servers without a TURN secret: give coturn's static-auth-secret (-turn-secret-file)")
	}
	if len(c.STUN)+len(c.TURN) > maxServers {
		return fmt.Errorf("lobby: %d STUN and TURN URLs: at most %d", len(c.STUN)+len(c.TURN), maxServers)
	}
	for _, u := range c.STUN {
		if !serverURL(u, "stun:") {
			return fmt.Errorf("lobby: STUN URL %q: want stun:HOST:PORT", u)
		}
	}
	for _, u := range c.TURN {
		if !serverURL(u, "turn:", "turns:") {
			return fmt.Errorf("lobby: TURN URL %q: want turn:HOST:PORT or turns:HOST:PORT", u)
		}
	}
	return nil
}

// serverURL reports whether u is a server's URL of one of schemes (each
// with its colon), no longer than maxURL.
func serverURL(u string, schemes ...string) bool {
	if len(u) > maxURL {
		return false
	}
	for _, s := range schemes {
		if strings.HasPrefix(u, s) {
			return true
		}
	}
	return false
}

// checkTimes checks that every time is long enough to play, and a
// session's life at least a room's.
func (c ServerConfig) checkTimes() error {
	if c.TURNTTL < time.Minute || c.RoomTTL < time.Second || c.LoneRoomTTL < time.Second || c.MemberTimeout <= time.Second {
		return errors.New("lobby: TURNTTL under a minute, RoomTTL or LoneRoomTTL under a second or MemberTimeout under a second: too short to play")
	}
	if c.SessionTTL < c.RoomTTL {
		return fmt.Errorf("lobby: SessionTTL %v is shorter than RoomTTL %v: give at least as long, or 0 for 6 hours", c.SessionTTL, c.RoomTTL)
	}
	return nil
}

// checkLimits checks the guests' seats and that no limit is negative.
func (c ServerConfig) checkLimits() error {
	if c.MaxGuests < 0 || c.MaxGuests > maxGuests {
		return fmt.Errorf("lobby: MaxGuests %d: give 1 to %d, or 0 for 16", c.MaxGuests, maxGuests)
	}
	limits := [...]float64{float64(c.MaxRooms), float64(c.MaxRoomsPerAddr), float64(c.MaxMembersPerAddr), float64(c.MaxAddrs),
		float64(c.MaxQueuedPerAddr), float64(c.MaxQueue), float64(c.MaxQueuedBytes), c.Rate, c.JoinRate}
	for _, v := range limits {
		if v < 0 {
			return errors.New("lobby: a negative limit in ServerConfig: give a positive number or 0 for the default")
		}
	}
	return nil
}
