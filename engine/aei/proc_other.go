//go:build !unix

package aei

import (
	"os"
	"os/exec"
)

// ownGroup does nothing here. On Windows the equivalent is a job object
// (CreateJobObject with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, then
// AssignProcessToJobObject), which the standard library does not offer:
// until it is used, a helper that an engine started itself outlives the
// engine, and only the engine's own process is killed.
func ownGroup(*exec.Cmd) {}

// killGroup kills the engine's process; see ownGroup for its helpers.
func killGroup(p *os.Process) {
	_ = p.Kill()
}
