package cluster

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"arimaa-workbench/engine/aei"
)

// The embedded server's users. The coordinator may do anything; a worker
// may only take jobs, acknowledge them and store results, so a stolen
// worker credential cannot queue a job of its own (see workerPermissions).
// Workers share the worker user's password, and each proves an identity
// of its own besides (see authenticator).
const (
	coordinatorUser = "coordinator"
	workerUser      = "worker"
)

// The files in an embedded server's store that hold its users' secrets,
// readable by their owner alone. Each is a settings file (a [nats] table,
// as ReadSettings reads), so `worker --nats-config FILE` takes the
// worker's directly.
const (
	CoordinatorFile = "coordinator.toml"
	WorkerFile      = "worker.toml"
)

// workerPermissions is what the worker whose identity is id (its nkey's
// public key) may do on the embedded server: fetch from the workers'
// consumer and acknowledge (or hand back, or keep alive) what it was
// given, look the jobs stream and the consumer up, and publish results
// under its own identity; receive only on its own inbox prefix. It may
// not read a job it was not given (no STREAM.MSG.GET), publish jobs,
// create or change streams or consumers, read the results, receive what
// is sent to another worker's inbox, or publish under another identity.
func workerPermissions(id string) *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			"$JS.API.CONSUMER.MSG.NEXT." + jobsStream + "." + workersConsumer,
			"$JS.ACK." + jobsStream + "." + workersConsumer + ".>",
			"$JS.API.CONSUMER.INFO." + jobsStream + "." + workersConsumer,
			"$JS.API.STREAM.INFO." + jobsStream,
			resultsPrefix + "*." + id,
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{inboxPrefix(id) + ".>"}},
	}
}

// inboxPrefix is where the worker with identity id receives: deliveries
// of jobs and the server's replies to its requests.
func inboxPrefix(id string) string { return "_INBOX." + id }

// authenticator admits the embedded server's clients: the coordinator
// with its password (every right), and workers, each under an identity
// of its own that it proves by signing the server's nonce with an nkey:
// the worker user or the user given for remote workers with a password
// and a key of the worker's making (a fresh one each start), or the
// remote workers' nkey. Identities bind a worker's inbox and its results'
// subjects (workerPermissions), so one worker cannot read another's jobs
// nor answer under its name.
type authenticator struct {
	coord, worker Settings
	remote        Settings // the credentials given for remote workers
	remoteKey     string   // the public key of remote.Nkey
}

// Check admits or refuses one client, giving it its permissions.
func (a *authenticator) Check(c server.ClientAuthentication) bool {
	if c.Kind() != server.CLIENT {
		return false
	}
	o := c.GetOpts()
	switch {
	case o.Username == "" && o.Nkey != "" && a.remoteKey != "" && o.Nkey == a.remoteKey:
		// A remote worker's own key: it is the identity.
	case o.Username == coordinatorUser:
		if !equal(o.Password, a.coord.Password) {
			return false
		}
		c.RegisterUser(&server.User{Username: coordinatorUser})
		return true
	case o.Username == workerUser && equal(o.Password, a.worker.Password):
	case a.remote.User != "" && o.Username == a.remote.User && equal(o.Password, a.remote.Password):
	default:
		return false
	}
	if !nkeys.IsValidPublicUserKey(o.Nkey) || !signed(o.Nkey, o.Sig, c.GetNonce()) {
		return false
	}
	c.RegisterUser(&server.User{Username: o.Nkey, Permissions: workerPermissions(o.Nkey)})
	return true
}

// equal compares a presented secret with the right one in constant time.
func equal(got, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// signed reports whether sig (base64) is the signature of nonce by the
// nkey whose public key is pub.
func signed(pub, sig string, nonce []byte) bool {
	if len(nonce) == 0 || sig == "" {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		if raw, err = base64.StdEncoding.DecodeString(sig); err != nil {
			return false
		}
	}
	kp, err := nkeys.FromPublicKey(pub)
	if err != nil {
		return false
	}
	return kp.Verify(nonce, raw) == nil
}

// secret is a fresh random password.
func secret() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("making a NATS secret: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// storeSecrets returns the coordinator's and the worker's settings kept in
// store, made (each with a fresh random password) when the store has none
// yet: a resumed match keeps the secrets its workers already hold.
func storeSecrets(store string) (coord, worker Settings, err error) {
	coord, err = storeSecret(filepath.Join(store, CoordinatorFile), coordinatorUser)
	if err != nil {
		return Settings{}, Settings{}, err
	}
	worker, err = storeSecret(filepath.Join(store, WorkerFile), workerUser)
	return coord, worker, err
}

func storeSecret(path, user string) (Settings, error) {
	s, err := ReadSettings(path)
	switch {
	case err == nil && s.User == user && s.Password != "":
		return s, checkPrivate(path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return Settings{}, fmt.Errorf("the NATS credentials file %w (delete it to make new credentials)", err)
	}
	pw, err := secret()
	if err != nil {
		return Settings{}, err
	}
	s = Settings{User: user, Password: pw}
	return s, writeSettings(path, s)
}

// checkPrivate refuses a credentials file others can read.
func checkPrivate(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("the NATS credentials file %s can be read by others (mode %v): chmod 600 it, or delete it to make new credentials", path, info.Mode().Perm())
	}
	return nil
}

// writeSettings writes s as a settings file that only its owner can read,
// atomically (a reader sees the old file or the new one).
func writeSettings(path string, s Settings) error {
	var b strings.Builder
	b.WriteString("# NATS credentials of the arimaa-workbench embedded server: keep them private.\n")
	if err := toml.NewEncoder(&b).Encode(struct {
		NATS Settings `toml:"nats"`
	}{s}); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".creds-*") // mode 0600
	if err != nil {
		return fmt.Errorf("writing the NATS credentials: %w", err)
	}
	_, err = f.WriteString(b.String())
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing the NATS credentials %s: %w", path, err)
	}
	return nil
}

// AllowList is the external engines a worker runs, as command lines; the
// builtin engine is always allowed. A job naming any other program is
// refused, so that whoever can queue a job cannot make the worker run a
// command of their choosing. Programs are never run through a shell.
type AllowList struct {
	cmds [][]string
}

// NewAllowList reads command lines as the engine specs write them (words
// split as a shell splits plain words, quotes kept together).
func NewAllowList(lines []string) (AllowList, error) {
	var a AllowList
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w, err := aei.SplitProgram(l)
		if err != nil {
			return AllowList{}, fmt.Errorf("allowed engine %q: %w", l, err)
		}
		a.cmds = append(a.cmds, w)
	}
	return a, nil
}

// With returns the list with the command lines cmds (already split into
// words) allowed too.
func (a AllowList) With(cmds ...[]string) AllowList {
	out := AllowList{cmds: slices.Clone(a.cmds)}
	for _, c := range cmds {
		if len(c) > 0 {
			out.cmds = append(out.cmds, slices.Clone(c))
		}
	}
	return out
}

// Len is how many command lines the list allows.
func (a AllowList) Len() int { return len(a.cmds) }

// check says why the external engine cmd, run in dir with env added, may
// not run here; "" when it may. A job may not choose the engine's folder
// or environment: either could make an allowed command line run another
// program.
func (a AllowList) check(cmd []string, dir string, env []string) string {
	line := strings.Join(cmd, " ")
	switch {
	case len(cmd) == 0:
		return "a job named an external engine without a command"
	case dir != "":
		return fmt.Sprintf("engine %q: a job may not choose the engine's folder (%s)", line, dir)
	case len(env) > 0:
		return fmt.Sprintf("engine %q: a job may not set the engine's environment", line)
	}
	for _, c := range a.cmds {
		if slices.Equal(c, cmd) {
			return ""
		}
	}
	return fmt.Sprintf("engine %q is not among the engines this worker runs (add it with --allow-engine, or to allow_engines in its settings)", line)
}
