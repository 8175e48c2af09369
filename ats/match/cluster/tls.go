package cluster

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The files in an embedded server's store that hold its TLS certificate
// (self-signed, made on first use) and its private key (readable by its
// owner alone).
const (
	certFile = "tls-cert.pem"
	keyFile  = "tls-key.pem"
)

// certLife is how long a certificate made for a store is valid: stores
// are a match's, removed with it, and pins do not care.
const certLife = 10 * 365 * 24 * time.Hour

// storeCertificate returns the TLS certificate kept in store, made when
// the store has none yet, and its pin (CertPin): a resumed match keeps
// the certificate its workers pinned.
func storeCertificate(store string) (tls.Certificate, string, error) {
	certPath, keyPath := filepath.Join(store, certFile), filepath.Join(store, keyFile)
	cert, err := tls.LoadX509KeyPair(certPath, keyPath)
	switch {
	case err == nil:
		if err := checkPrivate(keyPath); err != nil {
			return tls.Certificate{}, "", err
		}
		return cert, CertPin(cert.Certificate[0]), nil
	case !errors.Is(err, fs.ErrNotExist):
		return tls.Certificate{}, "", fmt.Errorf("the embedded NATS server's certificate in %s: %w (delete %s and %s to make another)", store, err, certFile, keyFile)
	}
	certPEM, keyPEM, err := selfSigned()
	if err != nil {
		return tls.Certificate{}, "", fmt.Errorf("making the embedded NATS server's certificate: %w", err)
	}
	if err := writePrivate(keyPath, keyPEM); err != nil {
		return tls.Certificate{}, "", err
	}
	if err := writePrivate(certPath, certPEM); err != nil {
		return tls.Certificate{}, "", err
	}
	cert, err = tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	return cert, CertPin(cert.Certificate[0]), nil
}

// selfSigned makes a certificate and its key (PEM) for this machine: its
// name, localhost and the loopback addresses. Clients pin it rather than
// trust a name in it.
func selfSigned() (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "arimaa-workbench NATS server on " + hostname()},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(certLife),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{hostname(), "localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), nil
}

// writePrivate writes data to path, readable by its owner alone.
func writePrivate(path string, data []byte) error {
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// CertPin is the pin of a certificate (DER): "sha256:" and the hex
// SHA-256 of it, what a worker's tls_pin setting holds.
func CertPin(der []byte) string {
	sum := sha256.Sum256(der)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// pinnedTLS is the client's TLS configuration for a server whose
// certificate has the pin: that certificate and no other, whatever its
// names or issuer (a self-signed certificate has no one to vouch for it).
func pinnedTLS(pin string) (*tls.Config, error) {
	want := strings.ToLower(strings.TrimSpace(pin))
	if hexPart, ok := strings.CutPrefix(want, "sha256:"); !ok || len(hexPart) != 2*sha256.Size {
		return nil, fmt.Errorf("TLS pin %q: want sha256: and 64 hex digits, as the server prints it", pin)
	}
	return &tls.Config{
		MinVersion: tls.VersionTLS12,
		// The pin takes the place of the usual checks of the name and
		// the issuer, which a self-signed certificate cannot pass.
		InsecureSkipVerify: true,
		VerifyConnection: func(cs tls.ConnectionState) error {
			if len(cs.PeerCertificates) == 0 || CertPin(cs.PeerCertificates[0].Raw) != want {
				return errors.New("the server's certificate is not the pinned one (tls_pin): another server answers at this address")
			}
			return nil
		},
	}, nil
}
