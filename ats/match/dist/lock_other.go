//go:build !unix

package dist

import "os"

// lockStore does not lock elsewhere than on Unix systems: there, two
// matches on one machine must not share a store (each match has its own
// by default).
func lockStore(dir string) (*os.File, error) { return nil, nil }
