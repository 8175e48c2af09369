//go:build linux

package aei

import "syscall"

// dieWithParent has the kernel kill the engine (SIGKILL) when the thread
// that started it ends, which for a Go program is when the process ends:
// the runtime ends a thread only when a goroutine locked to it returns,
// and engines are not started from such goroutines. So a workbench
// killed outright (kill -9, a crash) leaves no engine behind, even one
// that ignores the end of its input. The setting is not inherited: a
// helper the engine starts itself (a wrapper script's engine, say) sees
// its input end and is on its own.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
