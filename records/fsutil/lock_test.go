package fsutil

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// lockHelperEnv makes the test binary, started again by a test, hold a
// lock on the file the variable names instead of running tests: it prints
// "locked" and waits until its standard input closes or it is killed.
const lockHelperEnv = "FSUTIL_LOCK_HELPER"

func TestMain(m *testing.M) {
	if path := os.Getenv(lockHelperEnv); path != "" {
		l, err := LockFile(path)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(2)
		}
		fmt.Println("locked")
		bufio.NewReader(os.Stdin).ReadString('\n')
		l.Unlock()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestLockFileSecondLockerInProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	first, err := LockFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockFile(path)
	want := fmt.Sprintf("%s is being written by another run (pid %d)", path, os.Getpid())
	if err == nil || err.Error() != want || !errors.Is(err, ErrLocked) {
		t.Fatalf("second lock: %v; want %q matching ErrLocked", err, want)
	}
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || le.Path != path {
		t.Fatalf("second lock: %#v", le)
	}
	if err := first.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("sidecar left after unlock: %v", err)
	}
	again, err := LockFile(path)
	if err != nil {
		t.Fatalf("lock after unlock: %v", err)
	}
	if err := again.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := again.Unlock(); err != nil {
		t.Fatalf("second unlock: %v", err)
	}
}

func TestLockFileFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.jsonl")
	link := filepath.Join(dir, "link.jsonl")
	symlink(t, "real.jsonl", link)
	l, err := LockFile(link)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	if _, err := LockFile(target); !errors.Is(err, ErrLocked) {
		t.Fatalf("the link's target was not locked: %v", err)
	}
}

// A sidecar left by a run that died is no lock: only a live holder counts.
func TestLockFileStaleSidecar(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(path+".lock", []byte("999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := LockFile(path)
	if err != nil {
		t.Fatalf("a stale sidecar blocked the lock: %v", err)
	}
	b, _ := os.ReadFile(path + ".lock")
	if got := strings.TrimSpace(string(b)); got != strconv.Itoa(os.Getpid()) {
		t.Fatalf("sidecar holds %q, want this process's id", got)
	}
	l.Unlock()
}

func TestLockFileMissingFolder(t *testing.T) {
	if _, err := LockFile(filepath.Join(t.TempDir(), "no", "run.jsonl")); err == nil || errors.Is(err, ErrLocked) {
		t.Fatalf("lock in a missing folder: %v", err)
	}
}

// startHolder starts this test binary as another process holding the
// lock on path.
func startHolder(t *testing.T, path string) (*exec.Cmd, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), lockHelperEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if strings.TrimSpace(line) != "locked" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("holder said %q", line)
	}
	return cmd, func() { stdin.Close() }
}

func TestLockFileOtherProcess(t *testing.T) {
	tests := []struct {
		name string
		end  func(cmd *exec.Cmd, closeStdin func()) // how the holder goes
	}{
		{"holder unlocks", func(_ *exec.Cmd, closeStdin func()) { closeStdin() }},
		{"holder is killed", func(cmd *exec.Cmd, _ func()) { cmd.Process.Kill() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "run.jsonl")
			cmd, closeStdin := startHolder(t, path)
			_, err := LockFile(path)
			want := fmt.Sprintf("%s is being written by another run (pid %d)", path, cmd.Process.Pid)
			if err == nil || err.Error() != want {
				closeStdin()
				cmd.Wait()
				t.Fatalf("lock held by another process: %v; want %q", err, want)
			}
			tt.end(cmd, closeStdin)
			cmd.Wait()
			l, err := LockFile(path)
			if err != nil {
				t.Fatalf("lock after the holder ended: %v", err)
			}
			l.Unlock()
		})
	}
}
