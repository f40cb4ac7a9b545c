package lobby

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
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

// iceServers are the servers handed to a member joining at now: the STUN
// URLs as they are, the TURN URLs with credentials of their own (a
// random name per member, so coturn's per-user quota applies to each).
func (c ServerConfig) iceServers(now time.Time) []ICEServer {
	var out []ICEServer
	if len(c.STUN) > 0 {
		out = append(out, ICEServer{URLs: c.STUN})
	}
	if len(c.TURN) > 0 {
		var n [6]byte
		_, _ = rand.Read(n[:]) // crypto/rand.Read never fails
		exp := now.Add(c.TURNTTL)
		user, pass := TURNCredentials(c.TURNSecret, "lockstep-"+hex.EncodeToString(n[:]), exp)
		out = append(out, ICEServer{URLs: c.TURN, Username: user, Credential: pass, Expires: exp.Truncate(time.Second)})
	}
	return out
}
