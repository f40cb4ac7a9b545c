package transport

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"math/big"
	"time"
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

func newIdentity(code string) (*identity, error) {
	if len(code) < MinCode {
		return nil, fmt.Errorf("netplay: session code %q is too short: want at least %d characters (leave -code out on the host to have one generated)", code, MinCode)
	}
	seed, err := hkdf.Key(sha256.New, []byte(code), []byte("lockstep netplay session"), "ed25519 key", ed25519.SeedSize)
	if err != nil {
		return nil, fmt.Errorf("netplay: derive the session key: %w", err)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		NotBefore:    time.Unix(0, 0),
		NotAfter:     time.Unix(1<<33, 0),
	}
	der, err := x509.CreateCertificate(nil, tmpl, tmpl, priv.Public(), priv)
	if err != nil {
		return nil, fmt.Errorf("netplay: make the session certificate: %w", err)
	}
	return &identity{
		pub:  priv.Public().(ed25519.PublicKey),
		cert: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: priv},
	}, nil
}

var errWrongCode = errors.New("netplay: the other end does not know the session code")

// verify accepts only a peer whose certificate carries the session's key.
func (id *identity) verify(raw [][]byte, _ [][]*x509.Certificate) error {
	if len(raw) != 1 {
		return errWrongCode
	}
	c, err := x509.ParseCertificate(raw[0])
	if err != nil {
		return errWrongCode
	}
	pub, ok := c.PublicKey.(ed25519.PublicKey)
	if !ok || !bytes.Equal(pub, id.pub) {
		return errWrongCode
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
