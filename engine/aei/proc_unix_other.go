//go:build unix && !linux

package aei

import "syscall"

// dieWithParent does nothing here: the BSDs and macOS have no parent-death
// signal. An engine started by a workbench killed outright sees the end
// of its input (the pipe's writer is gone) and, following the protocol,
// exits; one that ignores it runs on until killed. A workbench that stops
// normally, or on Ctrl-C or SIGTERM, kills each engine's process group.
func dieWithParent(*syscall.SysProcAttr) {}
