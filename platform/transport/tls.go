package transport

import (
	"bytes"
	"cmp"
	"crypto/ed25519"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"math/big"
	"time"

	"golang.org/x/crypto/argon2"
)

// MinCode is the shortest session code accepted: the code is all that
// keeps others out, and a short one can be guessed offline from a
// handshake. Generated codes are far longer.
const MinCode = 8

// alpn names the protocol, so that no other QUIC service mistakes us for
// itself or us for it.
const alpn = "lockstep-netplay/1"

// identity is the key pair and certificate every peer of a session
// derives from its code: a peer proves it knows the code by holding the
// key, and checks the other end holds it too.
type identity struct {
	pub  ed25519.PublicKey
	cert tls.Certificate
}

// kdfCost is the argon2id cost of turning a code into the session's key.
// A peer's certificate carries the public key, and anyone who can reach a
// host (a lobby knows its address) can fetch it with one handshake and
// then test guesses at the code offline, as fast as the derivation runs:
// with a fast hash an 8-character code falls in hours. At the default,
// the lobby's cost (19 MiB, two passes, one lane; OWASP's lowest
// recommended argon2id setting), every guess costs tens of milliseconds
// of a core and 19 MiB (BenchmarkNewIdentity), paid once per Host, Join
// or Meet by an honest peer.
type kdfCost struct {
	// time is the number of passes; 0 means kdfTime.
	time uint32
	// memory is in KiB; 0 means kdfMemory.
	memory uint32
}

// The cost every session pays. Only tests ask for less, through Options'
// kdf field.
const (
	kdfTime   = 2
	kdfMemory = 19 * 1024 // KiB
)

// sessionSalt keeps this derivation apart from the lobby's (salted
// "lockstep lobby room v1"): a room id or sealing key says nothing about
// the session key, nor the other way round.
const sessionSalt = "lockstep netplay session key v2"

// sessionSeed is the ed25519 seed every peer derives from the code.
func sessionSeed(code string, c kdfCost) []byte {
	c.time = cmp.Or(c.time, kdfTime)
	c.memory = cmp.Or(c.memory, kdfMemory)
	return argon2.IDKey([]byte(code), []byte(sessionSalt), c.time, c.memory, 1, ed25519.SeedSize)
}

// newIdentity derives the session's key pair and certificate from code at
// cost c (the zero value is defaultKDF).
func newIdentity(code string, c kdfCost) (*identity, error) {
	if len(code) < MinCode {
		return nil, fmt.Errorf("transport: session code %q is too short: want at least %d characters (NewCode makes one)", code, MinCode)
	}
	priv := ed25519.NewKeyFromSeed(sessionSeed(code, c))
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		NotBefore:    time.Unix(0, 0),
		NotAfter:     time.Unix(1<<33, 0),
	}
	der, err := x509.CreateCertificate(nil, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		return nil, fmt.Errorf("transport: make the session certificate: %w", err)
	}
	return &identity{
		pub:  priv.Public().(ed25519.PublicKey),
		cert: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: priv},
	}, nil
}

// ErrWrongCode is what a join's error wraps when the host does not know
// the session code the joiner gave (or the joiner not the host's).
var ErrWrongCode = errors.New("transport: the other end does not know the session code")

// verify accepts only a peer whose certificate carries the session's key.
func (id *identity) verify(raw [][]byte, _ [][]*x509.Certificate) error {
	if len(raw) != 1 {
		return ErrWrongCode
	}
	c, err := x509.ParseCertificate(raw[0])
	if err != nil {
		return ErrWrongCode
	}
	pub, ok := c.PublicKey.(ed25519.PublicKey)
	if !ok || !bytes.Equal(pub, id.pub) {
		return ErrWrongCode
	}
	return nil
}

// serverTLS and clientTLS authenticate both ends with the derived key;
// the system's roots have no say.
func (id *identity) serverTLS() *tls.Config {
	return &tls.Config{
		MinVersion:            tls.VersionTLS13,
		Certificates:          []tls.Certificate{id.cert},
		ClientAuth:            tls.RequireAnyClientCert,
		VerifyPeerCertificate: id.verify,
		NextProtos:            []string{alpn},
	}
}

func (id *identity) clientTLS() *tls.Config {
	return &tls.Config{
		MinVersion:            tls.VersionTLS13,
		Certificates:          []tls.Certificate{id.cert},
		InsecureSkipVerify:    true, // verify below checks the session's key instead of a CA chain
		VerifyPeerCertificate: id.verify,
		ServerName:            "lockstep",
		NextProtos:            []string{alpn},
	}
}
