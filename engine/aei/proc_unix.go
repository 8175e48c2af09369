//go:build unix

package aei

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that the
// helpers a wrapper script or the engine itself starts can be ended with
// it, and where the system offers it (Linux) makes the engine die with
// this process: see dieWithParent.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// killGroup kills the engine's whole process group. Once the engine
// itself has gone, this ends the helpers it left; a group with nobody
// left is no error.
func killGroup(p *os.Process) {
	_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
}
