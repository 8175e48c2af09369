package cluster

import (
	"errors"
	"fmt"
	"path/filepath"

	"arimaa-workbench/records/fsutil"
)

// lockStore takes the store directory for this process: two servers
// writing one JetStream store would corrupt it, and nats-server does not
// guard against that itself.
func lockStore(dir string) (*fsutil.Lock, error) {
	l, err := fsutil.LockFile(filepath.Join(dir, "store"))
	if errors.Is(err, fsutil.ErrLocked) {
		return nil, fmt.Errorf("the NATS store %s is in use by another match's server (give another --nats-store): %w", dir, err)
	}
	return l, err
}
