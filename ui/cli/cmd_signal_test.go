//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// asMain is set in the environment of a test binary started to run main.
const asMain = "ARIMAA_WORKBENCH_TEST_MAIN"

// TestSIGTERMStopsSuiteRun: SIGTERM stops a suite run as Ctrl-C does,
// with the summary so far and the hint how to resume it.
func TestSIGTERMStopsSuiteRun(t *testing.T) {
	if args := os.Getenv(asMain); args != "" {
		os.Args = append(os.Args[:1], strings.Split(args, "\x1f")...)
		os.Exit(Main(os.Args[1:]))
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestSIGTERMStopsSuiteRun$")
	cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0", asMain+"="+strings.Join([]string{
		"ats", "run", "--time", "2", "--threads", "1", "--results", t.TempDir(), "assets/tests"}, "\x1f"))
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Stop it during its first test, once it has said where its results go.
	sc := bufio.NewScanner(out)
	for sc.Scan() && !strings.Contains(sc.Text(), "results in") {
	}
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest strings.Builder
	for sc.Scan() {
		rest.WriteString(sc.Text() + "\n")
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("exit %v, want status 1", err)
	}
	if !strings.Contains(errOut.String(), "resume with: arimaa-workbench ats run --resume") || !strings.Contains(rest.String(), "scored") {
		t.Errorf("no summary or resume hint:\n%s\n%s", rest.String(), errOut.String())
	}
}
