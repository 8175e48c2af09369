//go:build unix

package dist

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockStore takes the store directory for this process: two servers
// writing one JetStream store would corrupt it, and nats-server does not
// guard against that itself. The lock goes with the returned file.
func lockStore(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("the NATS store %s is in use by another match's server (give another --nats-store)", dir)
		}
		return nil, err
	}
	return f, nil
}
