package transport

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"testing"

	"golang.org/x/crypto/argon2"
)

// testKDF is the cheapest argon2id cost, for tests that make many
// identities; TestSessionKeyCostsTheFullArgon2id checks what the zero
// value, the one sessions use, costs.
var testKDF = kdfCost{time: 1, memory: 8}

// TestSessionKeyCostsTheFullArgon2id recomputes the key a session derives
// by default from argon2id at 19 MiB and two passes, and checks that it
// is not the fast HKDF derivation a guesser could test offline at
// millions a second.
func TestSessionKeyCostsTheFullArgon2id(t *testing.T) {
	id, err := newIdentity(testCode, kdfCost{})
	if err != nil {
		t.Fatal(err)
	}
	seed := argon2.IDKey([]byte(testCode), []byte("lockstep netplay session key v2"), 2, 19*1024, 1, ed25519.SeedSize)
	if want := ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey); !bytes.Equal(id.pub, want) {
		t.Fatalf("the session key is not argon2id(code, 19 MiB, 2 passes)")
	}
	fast, err := hkdf.Key(sha256.New, []byte(testCode), []byte("lockstep netplay session"), "ed25519 key", ed25519.SeedSize)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(id.pub, ed25519.NewKeyFromSeed(fast).Public().(ed25519.PublicKey)) {
		t.Fatalf("the session key is still the fast HKDF derivation")
	}
	// The lobby's derivation of the same code (its salt) must differ.
	lobby := argon2.IDKey([]byte(testCode), []byte("lockstep lobby room v1"), 2, 19*1024, 1, ed25519.SeedSize)
	if bytes.Equal(seed, lobby) {
		t.Fatalf("the session key's derivation is the lobby's")
	}
}

// TestSessionKeyDependsOnCodeAndCost: peers with the same code and cost
// agree; another code, or a lowered cost, gives another key, so a test's
// cheap cost can never meet a real session.
func TestSessionKeyDependsOnCodeAndCost(t *testing.T) {
	a, _ := newIdentity(testCode, testKDF)
	b, _ := newIdentity(testCode, testKDF)
	c, _ := newIdentity(testCode+"x", testKDF)
	d, err := newIdentity(testCode, kdfCost{time: 2, memory: 8})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.pub, b.pub) {
		t.Fatalf("two derivations of one code differ")
	}
	if bytes.Equal(a.pub, c.pub) || bytes.Equal(a.pub, d.pub) {
		t.Fatalf("another code or cost gave the same key")
	}
	if a.verify(b.cert.Certificate, nil) != nil || a.verify(c.cert.Certificate, nil) == nil {
		t.Fatalf("verify does not accept exactly the session's key")
	}
}

// BenchmarkNewIdentity is what one Host, Join or Meet pays to derive
// the session key, and so what every offline guess at a code costs.
func BenchmarkNewIdentity(b *testing.B) {
	for b.Loop() {
		if _, err := newIdentity(testCode, kdfCost{}); err != nil {
			b.Fatal(err)
		}
	}
}
