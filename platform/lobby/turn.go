package lobby

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"
)

// TURNCredentials returns TURN REST API credentials (coturn's
// use-auth-secret scheme) for name that work until expires: the
// username is "EXPIRY:NAME" with EXPIRY in Unix seconds, the password
// base64(HMAC-SHA1(secret, username)). coturn recomputes the password
// from its static-auth-secret and refuses the username once EXPIRY has
// passed, so nobody types a password and a leaked one soon dies.
func TURNCredentials(secret []byte, name string, expires time.Time) (username, password string) {
	username = fmt.Sprintf("%d:%s", expires.Unix(), name)
	mac := hmac.New(sha1.New, secret)
	mac.Write([]byte(username))
	return username, base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// iceServers are the servers handed to a member joining at now from
// addr: the STUN URLs as they are, the TURN URLs with credentials named
// after addr's widest prefix (turnName), so coturn's user-quota, which
// counts allocations by that name whatever the expiry, caps what one
// address can hold of the relay however often it joins.
func (c ServerConfig) iceServers(now time.Time, addr string) []ICEServer {
	var out []ICEServer
	if len(c.STUN) > 0 {
		out = append(out, ICEServer{URLs: c.STUN})
	}
	if len(c.TURN) > 0 {
		exp := now.Add(c.TURNTTL)
		user, pass := TURNCredentials(c.TURNSecret, turnName(c.TURNSecret, addr), exp)
		out = append(out, ICEServer{URLs: c.TURN, Username: user, Credential: pass, Expires: exp.Truncate(time.Second)})
	}
	return out
}

// turnName is the TURN username's name for a client at addr: the same
// for every address of its widest prefix (an IPv4 address, an IPv6 /48),
// and keyed by the secret so that it names no address to whoever reads
// the username.
func turnName(secret []byte, addr string) string {
	ps := prefixes(addr)
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("lockstep turn name\x00" + ps[len(ps)-1].key))
	return "lockstep-" + hex.EncodeToString(mac.Sum(nil)[:8])
}
