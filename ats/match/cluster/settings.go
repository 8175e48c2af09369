package cluster

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"arimaa-workbench/ats"
)

// Settings say where the NATS server is (or where the embedded one
// listens and keeps its data) and which credentials to use. They come
// from the [nats] table of a TOML settings file, overridden by flags.
type Settings struct {
	// URL is an existing server, e.g. nats://host:4222; "" runs the
	// embedded server.
	URL string `toml:"url,omitempty"`
	// Listen is the embedded server's HOST:PORT; "" is 127.0.0.1 on a
	// port the system chooses.
	Listen string `toml:"listen,omitempty"`
	// Store is the embedded server's JetStream directory; "" takes
	// DefaultStore.
	Store string `toml:"store,omitempty"`
	// Credentials: a user and password, a token, or an nkey seed file.
	User     string `toml:"user,omitempty"`
	Password string `toml:"password,omitempty"`
	Token    string `toml:"token,omitempty"`
	Nkey     string `toml:"nkey,omitempty"`
	// TLSPin is the server certificate a client accepts ("sha256:" and
	// its hex SHA-256, CertPin), whoever signed it: the embedded server's
	// self-signed one beyond loopback. With it the connection is TLS.
	TLSPin string `toml:"tls_pin,omitempty"`
	// AllowEngines are the external engines a worker runs besides the
	// builtin one, as command lines (see AllowList).
	AllowEngines []string `toml:"allow_engines,omitempty"`

	// urlFile is the settings file the URL came from: a client reads the
	// address there again each time it connects (followFile).
	urlFile string
}

// hasCredentials reports whether any credentials are given.
func (s Settings) hasCredentials() bool { return s.User != "" || s.Token != "" || s.Nkey != "" }

// check rejects credentials that do not make one method.
func (s Settings) check() error {
	n := 0
	for _, set := range []bool{s.User != "", s.Token != "", s.Nkey != ""} {
		if set {
			n++
		}
	}
	switch {
	case n > 1:
		return errors.New("give one kind of NATS credentials: a user and password, a token or an nkey")
	case s.Password != "" && s.User == "":
		return errors.New("a NATS password needs a user")
	}
	return nil
}

// fromURL takes the credentials out of a server URL (a comma-separated
// list of them, as nats.go takes), so that no URL this package keeps,
// prints or writes holds a secret: it returns the URL without them and
// the settings with them. A URL's credentials may not be given besides
// others.
func (s Settings) fromURL(raw string) (string, Settings, error) {
	parts := strings.Split(raw, ",")
	var from string // the credentials found, to compare
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if !strings.Contains(p, "@") {
			parts[i] = p
			continue
		}
		if !strings.Contains(p, "://") {
			p = "nats://" + p
		}
		u, err := url.Parse(p)
		if err != nil {
			// url.Error repeats the URL, secret and all.
			return "", Settings{}, fmt.Errorf("the NATS URL %s does not read (want nats://HOST:PORT)", Redact(p))
		}
		if u.User != nil {
			if from != "" && from != u.User.String() {
				return "", Settings{}, errors.New("the NATS URLs name different credentials")
			}
			from = u.User.String()
			if s.hasCredentials() && !s.sameAs(u.User) {
				return "", Settings{}, errors.New("credentials both in the NATS URL and in the settings: give them once (the settings file keeps them best)")
			}
			if pw, ok := u.User.Password(); ok {
				s.User, s.Password = u.User.Username(), pw
			} else {
				s.Token = u.User.Username()
			}
			u.User = nil
		}
		parts[i] = u.String()
	}
	return strings.Join(parts, ","), s, s.check()
}

// sameAs reports whether the URL's credentials u are those of s.
func (s Settings) sameAs(u *url.Userinfo) bool {
	if pw, ok := u.Password(); ok {
		return s.User == u.Username() && s.Password == pw
	}
	return s.Token == u.Username() && s.User == ""
}

// Redact is the URL, or the comma-separated URLs, with the secret of any
// user information (a password or a token) written "...": what may be
// printed or stored.
func Redact(raw string) string {
	parts := strings.Split(raw, ",")
	for i, p := range parts {
		at := strings.LastIndex(p, "@")
		if at < 0 {
			continue
		}
		start := 0
		if k := strings.Index(p, "://"); k >= 0 && k < at {
			start = k + 3
		}
		user, _, hasPassword := strings.Cut(p[start:at], ":")
		if hasPassword {
			user += ":..."
		} else {
			user = "..."
		}
		parts[i] = p[:start] + user + p[at:]
	}
	return strings.Join(parts, ",")
}

// RedactArgs is a command line with the secrets its NATS flags give
// written "...": the values of --nats-password and --nats-token, and the
// user information of --nats (see Redact).
func RedactArgs(args []string) []string {
	out := make([]string, len(args))
	secret := map[string]func(string) string{
		"nats-password": func(string) string { return "..." },
		"nats-token":    func(string) string { return "..." },
		"nats":          Redact,
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		out[i] = a
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, val, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		hide := secret[name]
		switch {
		case hide == nil:
		case inline:
			out[i] = a[:len(a)-len(val)] + hide(val)
		case i+1 < len(args):
			i++
			out[i] = hide(args[i])
		}
	}
	return out
}

// Key is a secret of these credentials that lasts from one run of a
// command to the next (the password, the token or the nkey seed), for
// CoordinatorOptions.Key; nil without credentials.
func (s Settings) Key() ([]byte, error) {
	switch {
	case s.Password != "":
		return []byte(s.User + "\x00" + s.Password), nil
	case s.Token != "":
		return []byte(s.Token), nil
	case s.Nkey != "":
		return os.ReadFile(s.Nkey)
	}
	return nil, nil
}

// clientOptions are the nats.go options that present the credentials
// and, with a pin, require TLS with the pinned certificate.
func (s Settings) clientOptions() ([]nats.Option, error) {
	var opts []nats.Option
	if s.TLSPin != "" {
		cfg, err := pinnedTLS(s.TLSPin)
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(cfg))
	}
	switch {
	case s.User != "":
		opts = append(opts, nats.UserInfo(s.User, s.Password))
	case s.Token != "":
		opts = append(opts, nats.Token(s.Token))
	case s.Nkey != "":
		o, err := nats.NkeyOptionFromSeed(s.Nkey)
		if err != nil {
			return nil, fmt.Errorf("nkey %s: %w", s.Nkey, err)
		}
		opts = append(opts, o)
	}
	return opts, nil
}

// nkeyPublic reads the public key of the nkey seed in file, which the
// embedded server admits.
func nkeyPublic(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return "", fmt.Errorf("nkey %s: %w", file, err)
	}
	defer kp.Wipe()
	pub, err := kp.PublicKey()
	if err != nil {
		return "", fmt.Errorf("nkey %s: %w", file, err)
	}
	if !nkeys.IsValidPublicUserKey(pub) {
		return "", fmt.Errorf("nkey %s: not a user seed (one starting SU)", file)
	}
	return pub, nil
}

// ReadSettings reads the [nats] table of a TOML settings file.
func ReadSettings(path string) (Settings, error) {
	var f struct {
		NATS Settings `toml:"nats"`
	}
	md, err := toml.DecodeFile(path, &f)
	if err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	for _, k := range md.Undecoded() {
		if len(k) > 0 && k[0] == "nats" {
			return Settings{}, fmt.Errorf("%s: unknown key %s (the [nats] table has url, listen, store, user, password, token, nkey, tls_pin, allow_engines)", path, k)
		}
	}
	return f.NATS, nil
}

// SettingsFile is where the workbench keeps its NATS settings: nats.toml
// in its configuration folder (ats.ConfigDir).
func SettingsFile() (string, error) { return ats.ConfigPath("nats.toml") }

// DefaultStore is the embedded server's JetStream directory: nats in the
// workbench's data folder (ats.DataDir).
func DefaultStore() (string, error) { return ats.DataPath("nats") }

// RunStore is the embedded server's JetStream directory for the match run
// (RunID) by default: one for each match, so that matches running at once
// have a server each, and a resumed match finds the results its server
// stored.
func RunStore(run string) (string, error) {
	base, err := DefaultStore()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, run), nil
}

// Flags are the command-line flags that set Settings.
type Flags struct {
	fs     *flag.FlagSet
	config *string
	vals   Settings
}

// AddFlags registers the NATS flags on fs: the server's URL and the
// credentials, and with server also the embedded server's address and
// store. Call Settings after fs is parsed.
func AddFlags(fs *flag.FlagSet, server bool) *Flags {
	f := &Flags{fs: fs}
	f.config = fs.String("nats-config", "", "read NATS settings from the [nats] table of TOML `FILE` (default: the workbench's nats.toml, when it exists)")
	urlHelp := "the NATS server `URL` to take jobs from, e.g. nats://host:4222"
	if server {
		urlHelp = "send the jobs to the NATS server at `URL` (implies --dist) instead of the embedded server"
	}
	fs.StringVar(&f.vals.URL, "nats", "", urlHelp)
	fs.StringVar(&f.vals.User, "nats-user", "", "NATS `USER` (with --nats-password)")
	fs.StringVar(&f.vals.Password, "nats-password", "", "NATS `PASSWORD` (other users may see a command line: the settings file keeps it better)")
	fs.StringVar(&f.vals.Token, "nats-token", "", "NATS `TOKEN` (as the password, better in the settings file)")
	fs.StringVar(&f.vals.Nkey, "nats-nkey", "", "NATS nkey seed `FILE`")
	fs.StringVar(&f.vals.TLSPin, "nats-tls-pin", "", "accept the NATS server's certificate with this `PIN` only (sha256:HEX, as a match listening beyond loopback prints it), over TLS")
	if server {
		fs.StringVar(&f.vals.Listen, "listen", "", "the embedded NATS server listens on `HOST:PORT` (default 127.0.0.1, the port of the match's last start or any free one; beyond loopback only with credentials, over TLS with a certificate made for the store)")
		fs.StringVar(&f.vals.Store, "nats-store", "", "the embedded server's JetStream `DIR` (default: a folder for the match or run under the user's data directory, arimaa-workbench/nats/)")
	}
	return f
}

// Given reports whether any NATS flag was set on the command line.
func (f *Flags) Given() bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "nats" || fl.Name == "listen" || strings.HasPrefix(fl.Name, "nats-") {
			given = true
		}
	})
	return given
}

// Settings merges the settings file (--nats-config, or the workbench's
// when it exists) with the flags given, which win.
func (f *Flags) Settings() (s Settings, err error) {
	path := *f.config
	if path == "" {
		def, err := SettingsFile()
		if err == nil {
			if _, err := os.Stat(def); err == nil {
				path = def
			} else if !errors.Is(err, fs.ErrNotExist) {
				return Settings{}, err
			}
		}
	}
	if path != "" {
		if s, err = ReadSettings(path); err != nil {
			return Settings{}, err
		}
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	for _, o := range []struct {
		name string
		dst  *string
		val  string
	}{
		{"nats", &s.URL, f.vals.URL}, {"nats-user", &s.User, f.vals.User}, {"nats-password", &s.Password, f.vals.Password},
		{"nats-token", &s.Token, f.vals.Token}, {"nats-nkey", &s.Nkey, f.vals.Nkey}, {"nats-tls-pin", &s.TLSPin, f.vals.TLSPin},
		{"listen", &s.Listen, f.vals.Listen}, {"nats-store", &s.Store, f.vals.Store},
	} {
		if set[o.name] {
			*o.dst = o.val
		}
	}
	if set["nats-user"] || set["nats-token"] || set["nats-nkey"] {
		// Credentials on the command line replace the file's, whatever
		// their kind.
		if !set["nats-user"] {
			s.User, s.Password = "", ""
		}
		if !set["nats-token"] {
			s.Token = ""
		}
		if !set["nats-nkey"] {
			s.Nkey = ""
		}
	}
	if err := s.check(); err != nil {
		return Settings{}, err
	}
	if path != "" && !set["nats"] {
		s.urlFile = path
	}
	u, s, err := s.fromURL(s.URL)
	s.URL = u
	return s, err
}
