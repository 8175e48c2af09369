//go:build linux

package aei

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHungWrapperGroup: a hung engine started through a wrapper script
// costs at least the move time plus one grace period, the result records all of
// it, and neither the wrapper nor the engine it started outlives it.
func TestHungWrapperGroup(t *testing.T) {
	cfg := fake(t, "hang,eofspin")
	// "; exit" keeps the shell from replacing itself with the engine.
	cfg.Command = append([]string{"/bin/sh", "-c", `"$0" "$@"; exit $?`}, cfg.Command...)
	cfg.Grace = time.Second
	const move = 300 * time.Millisecond
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	wrapper := e.cmd.Process.Pid
	start := time.Now()
	res, err := e.Search(context.Background(), goalPosition(t), move, nil)
	took := time.Since(start)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if res.Elapsed < move+cfg.Grace || res.Elapsed > took {
		t.Errorf("the result records %v of %v", res.Elapsed, took)
	}
	engine := 0
	for _, l := range res.Log {
		if _, err := fmt.Sscanf(l, "< log pid %d", &engine); err == nil {
			break
		}
	}
	if engine == 0 {
		t.Fatalf("the engine did not say its pid: %q", res.Log)
	}
	for _, pid := range []int{wrapper, engine} {
		deadline := time.Now().Add(2 * time.Second)
		for running(pid) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if running(pid) {
			t.Errorf("process %d outlived the engine", pid)
		}
	}
}

// running reports whether a process exists and is not a zombie waiting to
// be reaped.
func running(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command name, which is in parentheses.
	i := strings.LastIndexByte(string(data), ')')
	return i < 0 || !strings.HasPrefix(string(data[i+1:]), " Z")
}

// parentEnv makes the re-executed test binary the parent of an engine
// that TestEngineDiesWithParent kills.
const parentEnv = "ARIMAA_AEI_TEST_PARENT"

// TestEngineDiesWithParent: a workbench killed outright (SIGKILL) takes
// its engine with it, even one that ignores the end of its input.
func TestEngineDiesWithParent(t *testing.T) {
	if os.Getenv(parentEnv) != "" {
		e, err := Start(context.Background(), fake(t, "eofspin"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("engine pid %d\n", e.cmd.Process.Pid)
		select {} // until killed
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(exe, "-test.run=^TestEngineDiesWithParent$")
	parent.Env = append(os.Environ(), parentEnv+"=1")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	engine := 0
	sc := bufio.NewScanner(out)
	for engine == 0 && sc.Scan() {
		_, _ = fmt.Sscanf(sc.Text(), "engine pid %d", &engine)
	}
	if engine == 0 {
		_ = parent.Process.Kill()
		_ = parent.Wait()
		t.Fatal("the parent started no engine")
	}
	defer syscall.Kill(engine, syscall.SIGKILL) // should the test fail
	if err := parent.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = parent.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for running(engine) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if running(engine) {
		t.Errorf("engine %d outlived its parent", engine)
	}
}
