package cluster

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"arimaa-workbench/records/fsutil"
)

// Server is the embedded NATS server: JetStream in this process, so that
// a distributed match needs nothing installed.
type Server struct {
	ns    *server.Server
	url   string
	lock  *fsutil.Lock // holds the store for this server
	store string
	// coord and worker are the users the server made for this store.
	coord, worker Settings
	notice        string
	pin           string // the certificate's, with TLS
	local         string // the host of LocalURL
}

// isLoopback reports whether host is a loopback address, which only this
// machine reaches.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// StartServer starts the embedded server on s.Listen (default 127.0.0.1,
// the port of the store's last start or a free one) with JetStream in
// s.Store (default DefaultStore()). Every client needs credentials, on
// loopback too: the server has a coordinator user and a worker user with
// a random secret each, kept in the store (CoordinatorFile, WorkerFile,
// readable by their owner alone), and the credentials s gives are a
// second way in for workers, with the worker's permissions. It refuses to
// listen beyond loopback unless s gives credentials for the workers
// elsewhere, and there it speaks TLS only, with a self-signed certificate
// made for the store on first use, which the worker file pins (TLSPin).
func StartServer(s Settings) (*Server, error) {
	host, port, err := s.listenAddress()
	if err != nil {
		return nil, err
	}
	store := s.Store
	if store == "" {
		if store, err = DefaultStore(); err != nil {
			return nil, fmt.Errorf("the embedded NATS server's store: %w", err)
		}
	}
	if err := os.MkdirAll(store, 0o700); err != nil {
		return nil, fmt.Errorf("the embedded NATS server's store: %w", err)
	}
	lock, err := lockStore(store)
	if err != nil {
		return nil, err
	}
	srv := &Server{lock: lock, store: store, local: localHost(host)}
	ns, err := srv.start(s, host, port)
	if err != nil {
		lock.Unlock()
		return nil, err
	}
	srv.ns = ns
	srv.url = srv.LocalURL()
	if !isLoopback(host) {
		// The address the server listens on may be all interfaces, no
		// address to connect to: workers elsewhere use this machine's
		// name.
		srv.url = fmt.Sprintf("%s://%s", srv.scheme(), net.JoinHostPort(hostname(), strconv.Itoa(srv.port())))
	}
	// The worker's file names this start's address and certificate, so
	// that it is all a worker on this machine needs.
	srv.worker.URL, srv.worker.TLSPin = srv.LocalURL(), srv.pin
	srv.coord.TLSPin = srv.pin
	if err := writeSettings(srv.WorkerFile(), srv.worker); err != nil {
		srv.Close()
		return nil, err
	}
	srv.coord.URL = srv.LocalURL()
	return srv, nil
}

// listenAddress checks the settings for the embedded server and reads the
// host and port it listens on (port 0: any).
func (s Settings) listenAddress() (host string, port int, err error) {
	if err := s.check(); err != nil {
		return "", 0, err
	}
	switch {
	case s.Token != "":
		return "", 0, errors.New("the embedded NATS server takes a user and password or an nkey for its workers, not a token (a token admits one kind of client only, and the coordinator and the workers are different users)")
	case s.User == coordinatorUser || s.User == workerUser:
		return "", 0, fmt.Errorf("the NATS user name %q is the embedded server's own: choose another", s.User)
	}
	listen := s.Listen
	if listen == "" {
		listen = "127.0.0.1:0"
	}
	host, portText, err := net.SplitHostPort(listen)
	if err != nil {
		return "", 0, fmt.Errorf("--listen %q: %w (want HOST:PORT, e.g. 127.0.0.1:4222)", listen, err)
	}
	port, err = strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("--listen %q: bad port", listen)
	}
	if !isLoopback(host) && !s.hasCredentials() {
		return "", 0, fmt.Errorf("refusing to listen on %s without credentials: give --nats-user and --nats-password or --nats-nkey (or listen on 127.0.0.1)", listen)
	}
	return host, port, nil
}

// start starts the NATS server of srv's store on host and port with the
// store's users and those s gives. Without a port it takes the one its
// worker file names, the port of the store's last start, so that workers
// of a stopped match find the resumed one; when that port is taken it
// takes any and says so (Notice): workers that connected with the file
// follow it (followFile).
func (srv *Server) start(s Settings, host string, port int) (*server.Server, error) {
	var err error
	srv.coord, srv.worker, err = storeSecrets(srv.store)
	if err != nil {
		return nil, err
	}
	if port == 0 {
		port = server.RANDOM_PORT
		if last := urlPort(srv.worker.URL); last != 0 {
			if l, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(last))); err == nil {
				l.Close()
				port = last
			} else {
				srv.notice = fmt.Sprintf("port %d of this store's last start is taken, so the server takes another: workers started with %s follow it there, workers given the address must be started again", last, srv.WorkerFile())
			}
		}
	}
	var tlsConfig *tls.Config
	if !isLoopback(host) {
		// Beyond loopback the passwords cross the network: TLS, with the
		// store's certificate, which the worker file pins.
		cert, pin, err := storeCertificate(srv.store)
		if err != nil {
			return nil, err
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		srv.pin = pin
	}
	auth := &authenticator{coord: srv.coord, worker: srv.worker, remote: s}
	if s.Nkey != "" {
		if auth.remoteKey, err = nkeyPublic(s.Nkey); err != nil {
			return nil, err
		}
	}
	opts := &server.Options{
		ServerName: "arimaa-workbench",
		Host:       host,
		Port:       port,
		JetStream:  true,
		StoreDir:   srv.store,
		// The process's signals are the workbench's, and the server's
		// log would mix into the match report.
		NoSigs: true,
		NoLog:  true,
		// The nonce workers sign to prove their identities.
		AlwaysEnableNonce:          true,
		CustomClientAuthentication: auth,
		TLS:                        tlsConfig != nil,
		TLSConfig:                  tlsConfig,
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("the embedded NATS server: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(15 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("the embedded NATS server did not start on %s", net.JoinHostPort(host, strconv.Itoa(port)))
	}
	return ns, nil
}

// urlPort is the port of a nats://HOST:PORT URL; 0 when it has none.
func urlPort(raw string) int {
	u, err := url.Parse(raw)
	if err != nil {
		return 0
	}
	p, err := strconv.Atoi(u.Port())
	if err != nil || p <= 0 || p > 65535 {
		return 0
	}
	return p
}

// Notice is what the server's start has to tell the user ("" when
// nothing): that it could not keep the port of its store's last start.
func (s *Server) Notice() string { return s.notice }

// CoordinatorSettings are the coordinator user's: the server's address
// on this machine and its credentials.
func (s *Server) CoordinatorSettings() Settings { return s.coord }

// WorkerSettings are the worker user's, for workers this process starts.
func (s *Server) WorkerSettings() Settings { return s.worker }

// WorkerFile is the settings file with the worker user's address and
// credentials, for `worker --nats-config FILE` on this machine.
func (s *Server) WorkerFile() string { return filepath.Join(s.store, WorkerFile) }

// hostname is this machine's name, for the URL workers elsewhere use.
func hostname() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "localhost"
	}
	return h
}

// URL is the address clients connect to.
func (s *Server) URL() string { return s.url }

// LocalURL is the address for clients on this machine.
func (s *Server) LocalURL() string {
	return fmt.Sprintf("%s://%s", s.scheme(), net.JoinHostPort(s.local, strconv.Itoa(s.port())))
}

// localHost is the address clients on this machine reach a server
// listening on host at: 127.0.0.1 for every interface (or localhost),
// else the address itself (a server on one interface, ::1 or another,
// listens there only).
func localHost(host string) string {
	if ip := net.ParseIP(host); host == "" || host == "localhost" || ip != nil && ip.IsUnspecified() {
		return "127.0.0.1"
	}
	return host
}

// TLSPin is the pin of the server's certificate (CertPin), which clients
// need with its URL; "" on loopback, where the server does without TLS.
func (s *Server) TLSPin() string { return s.pin }

func (s *Server) port() int { return s.ns.Addr().(*net.TCPAddr).Port }

// scheme is the URL scheme of the server: tls with TLS.
func (s *Server) scheme() string {
	if s.pin != "" {
		return "tls"
	}
	return "nats"
}

// Close stops the server and waits until it has.
func (s *Server) Close() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
	s.lock.Unlock()
}

// Connect connects to the server at url with the credentials of s,
// retrying while ctx lasts when the server is not up yet (a worker may
// start before its coordinator) and failing at once when it refuses the
// credentials. waiting, when not nil, is told once that the server is not
// there yet.
func Connect(ctx context.Context, url string, s Settings, name string, waiting func(error)) (*nats.Conn, error) {
	return connect(ctx, url, s, name, waiting)
}

// ConnectWorker connects as Connect does, for a Worker: under an identity
// of its own, the public key of the nkey of s or else of a key made for
// this connection, which it proves by signing the server's nonce. The
// embedded server binds the worker's inbox and its answers to it
// (workerPermissions). A server of another kind refuses a key it does not
// know, or takes no nkeys at all; the worker then connects with the
// credentials of s alone, under the same identity, which that server does
// not bind.
func ConnectWorker(ctx context.Context, url string, s Settings, name string, waiting func(error)) (*nats.Conn, error) {
	if s.Nkey != "" {
		pub, err := nkeyPublic(s.Nkey)
		if err != nil {
			return nil, err
		}
		return connect(ctx, url, s, name, waiting, nats.CustomInboxPrefix(inboxPrefix(pub)))
	}
	// The key lives as long as the connection: it signs again on each
	// reconnection.
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, fmt.Errorf("making the worker's key: %w", err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	inbox := nats.CustomInboxPrefix(inboxPrefix(pub))
	nc, err := connect(ctx, url, s, name, waiting, nats.Nkey(pub, kp.Sign), inbox)
	if errors.Is(err, errRefused) || errors.Is(err, nats.ErrNkeysNotSupported) {
		if plain, err2 := connect(ctx, url, s, name, nil, inbox); err2 == nil {
			return plain, nil
		}
	}
	return nc, err
}

// followFile dials the address its settings file names at the time of
// each connection, rather than the one read at the start: a worker
// started with a match's worker file follows the match's server to
// another port when the match is resumed there.
type followFile struct{ path string }

// Dial connects to the address of the file's URL (its first, of a list),
// or to address when the file names none it can read.
func (f followFile) Dial(network, address string) (net.Conn, error) {
	if s, err := ReadSettings(f.path); err == nil {
		first, _, _ := strings.Cut(s.URL, ",")
		if u, err := url.Parse(strings.TrimSpace(first)); err == nil && u.Port() != "" {
			address = u.Host
		}
	}
	d := net.Dialer{Timeout: 5 * time.Second}
	return d.Dial(network, address)
}

// errRefused is a server's refusal of the credentials.
var errRefused = errors.New("refused the credentials")

func connect(ctx context.Context, url string, s Settings, name string, waiting func(error), extra ...nats.Option) (*nats.Conn, error) {
	url, s, err := s.fromURL(url)
	if err != nil {
		return nil, err
	}
	auth, err := s.clientOptions()
	if err != nil {
		return nil, err
	}
	opts := append([]nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second),
		nats.Timeout(5 * time.Second)}, auth...)
	opts = append(opts, extra...)
	if s.urlFile != "" {
		opts = append(opts, nats.SetCustomDialer(followFile{s.urlFile}))
	}
	told := false
	for {
		nc, err := nats.Connect(url, opts...)
		if err == nil {
			return nc, nil
		}
		if errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization") {
			return nil, fmt.Errorf("NATS server %s %w: %w", url, errRefused, err)
		}
		if !errors.Is(err, nats.ErrNoServers) {
			return nil, fmt.Errorf("NATS server %s: %w", url, err)
		}
		if !told && waiting != nil {
			waiting(err)
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("NATS server %s: %w", url, err)
		case <-time.After(time.Second):
		}
	}
}
