// Package app opens the workbench window with Fyne's real driver, puts the
// frame (ui/shell) and every panel (ui/panels, the composition root) in it
// and runs it, with the command line's files, tab and size. It has no
// tests of its own: a test binary that starts the driver without a display
// can hang; the panels are tested with Fyne's test driver, and the
// Makefile's smoke target starts the window under Xvfb.
package app

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"arimaa-workbench/ats"
	"arimaa-workbench/records/fsutil"
	"arimaa-workbench/ui/cli"
	"arimaa-workbench/ui/files"
	"arimaa-workbench/ui/files/native"
	"arimaa-workbench/ui/panels"
	"arimaa-workbench/ui/prefs"
	"arimaa-workbench/ui/shell"
	"arimaa-workbench/ui/snapshot"
)

// appID must match FyneApp.toml: preferences are stored under it.
const appID = "org.arimaaworkbench.app"

// Run opens the workbench window. Positional arguments are files to open
// (positions, records, archives); --tab selects a panel; --screenshot saves
// the window's first frames to a PNG and exits (documentation, smoke tests).
func Run(args []string, stderr io.Writer) int {
	began := time.Now()
	fs := flag.NewFlagSet("arimaa-workbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shot := fs.String("screenshot", "", "save the window to this PNG file once drawn, then exit")
	tab := fs.String("tab", "", "panel to show: Analysis (or viewer), Editor, Engine, Suite, Match or Database")
	timing := fs.Bool("timing", false, "print the time from start to the first frame on stderr")
	delay := fs.Duration("screenshot-delay", 1500*time.Millisecond, "how long to let the window draw before --screenshot")
	analyse := fs.Bool("analyse", false, "start analysing the current position in the Engine panel")
	size := fs.String("size", "", "open the window at this size, WIDTHxHEIGHT (e.g. 1024x700); also the --screenshot's size")
	run := fs.Bool("run", false, "run the suite given as a file or folder in the Suite panel (with --screenshot: wait for it to finish)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: arimaa-workbench [--tab NAME] [--size WxH] [--screenshot FILE] [FILE...]")
		fs.PrintDefaults()
	}
	// Flags may come before, between or after the files.
	paths, err := cli.ParseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	var winSize fyne.Size
	if *size != "" {
		if winSize, err = shell.ParseWindowSize(*size); err != nil {
			fmt.Fprintf(stderr, "arimaa-workbench: --size: %v\n", err)
			return 2
		}
	}
	a, w, msg := openWindow()
	if msg != "" {
		fmt.Fprintln(stderr, msg)
		return 1
	}
	winSize = chooseSize(a, winSize, *size, *shot != "", stderr)
	opts := shell.Options{}
	if *shot == "" {
		// The system's own file dialogs, with Fyne's where they fail or
		// would not fit the screen.
		pd := files.NewPickerDialogs(w, native.Picker{})
		pd.Screen = screenSize(a)
		opts.Dialogs = pd
	}
	if dir, err := ats.ConfigDir(); err == nil && *shot == "" {
		if os.MkdirAll(dir, 0o755) == nil {
			opts.RecoveryPath = filepath.Join(dir, "unsaved-position.ari")
		}
	}
	wb := shell.New(a, w, opts)
	pOpts, shotDir := panels.Options{}, ""
	if *shot != "" {
		// Screenshots must not depend on (or change) the user's settings
		// and runs.
		if pOpts, shotDir, err = isolatedOptions(); err != nil {
			fmt.Fprintf(stderr, "arimaa-workbench: %v\n", err)
			return 1
		}
		defer os.RemoveAll(shotDir)
	}
	ps := panels.Add(wb, pOpts)
	defer ps.Close()
	if *shot == "" {
		// Screenshots always start from the first panel, the analysis view, for repeatable pictures.
		wb.RestoreLastPanel()
	}
	status, suite := openFiles(wb, ps, paths, stderr)
	if *tab != "" && !wb.Select(*tab) {
		fmt.Fprintf(stderr, "arimaa-workbench: no panel %q (have %v)\n", *tab, wb.Panels())
		return 2
	}
	if *run && len(suite) == 0 {
		fmt.Fprintln(stderr, "arimaa-workbench: --run needs a suite (a folder, .ats or .toml file)")
		return 2
	}
	a.Lifecycle().SetOnStarted(func() {
		// Called once the driver runs; a callback queued from here runs
		// after the event loop has turned, i.e. after the first frame.
		go fyne.Do(func() {
			if *timing {
				fmt.Fprintf(stderr, "window start to first frame: %d ms\n", time.Since(began).Milliseconds())
			}
			if *shot == "" {
				wb.OfferRecovery()
			}
			if *analyse {
				// The analysis view's Analyse: the current position now,
				// and each one it moves to, its lines shown.
				wb.Viewer.ShowSection(panels.EngineSection)
				ps.Engine.SetFollow(true)
			}
			if *run {
				ps.Suite.Run()
			}
		})
	})
	if *shot != "" {
		w.Resize(winSize)
		// A window that never draws (a broken GL stack, no display) must
		// not hang a smoke test: give up after a generous limit.
		go func() {
			time.Sleep(*delay + screenshotLimit)
			fmt.Fprintf(stderr, "arimaa-workbench: screenshot: the window did not finish within %v\n", *delay+screenshotLimit)
			os.Exit(1)
		}()
		go captureLater(w, ps, screenshot{path: *shot, delay: *delay, run: *run, analyse: *analyse, dir: shotDir, status: status}, stderr)
		w.ShowAndRun()
		return status
	}
	w.Resize(winSize)
	w.ShowAndRun()
	return status
}

// openWindow starts the app and its first window, or says in one line why
// it cannot (see displayProblem and newWindow).
func openWindow() (fyne.App, fyne.Window, string) {
	probe, msg := displayProblem()
	if msg != "" {
		return nil, nil, msg
	}
	if path, err := prefs.FilePath(runtime.GOOS, appID); err == nil {
		// An empty file left by a process stopped mid-save would have
		// Fyne say "Preferences load error: EOF" at every start.
		_, _ = prefs.RepairEmpty(path)
	}
	a := app.NewWithID(appID)
	w, err := newWindow(a, "Arimaa Workbench")
	if probe != nil {
		probe.Close()
	}
	if err != nil {
		return nil, nil, "arimaa-workbench: " + err.Error()
	}
	return a, w, ""
}

// newWindow is the app's first window. Creating it starts the window
// system (GLFW), which Fyne's driver does not report failing: it logs the
// error and then panics on the first cursor. A display that answered the
// check of displayProblem can still refuse it (an X server shutting down,
// a stale authority cookie), and the user is owed one line, not a trace.
func newWindow(a fyne.App, title string) (w fyne.Window, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the window system did not start on display %q (%v); the command-line tools work without one (arimaa-workbench help)", os.Getenv("DISPLAY"), r)
		}
	}()
	return a.NewWindow(title), nil
}

// displayProblem says in one line why the window cannot open (no display,
// or one no X server answers on), "" when it may; the connection that
// answered stays open until the window system has connected (see
// cli.UnreachableDisplay).
func displayProblem() (net.Conn, string) {
	if msg := cli.NoDisplay(runtime.GOOS, os.Getenv); msg != "" {
		return nil, msg
	}
	dial := func(network, addr string) (net.Conn, error) { return net.DialTimeout(network, addr, 3*time.Second) }
	return cli.UnreachableDisplay(runtime.GOOS, os.Getenv, dial)
}

// chooseSize is the window's size: the one asked with --size (text), cut
// to the screen, as the remembered size is (a window past the screen's
// edge hides its controls), and said so; else the remembered size, or
// for a screenshot the first window's size, which does not depend on the
// user's.
func chooseSize(a fyne.App, asked fyne.Size, text string, shot bool, stderr io.Writer) fyne.Size {
	screen := screenSize(a)
	switch {
	case !asked.IsZero():
		fit := shell.FitScreen(asked, screen)
		if fit != asked {
			fmt.Fprintf(stderr, "arimaa-workbench: --size %s is larger than the screen: the window opens at %.0fx%.0f\n", text, fit.Width, fit.Height)
		}
		return fit
	case shot:
		return shell.FirstWindowSize(screen)
	}
	return shell.WindowSize(a.Preferences(), screen)
}

// isolatedOptions are panel options whose settings and runs live in a new
// temporary folder, returned for the caller to remove.
func isolatedOptions() (panels.Options, string, error) {
	tmp, err := os.MkdirTemp("", "arimaa-workbench-shot")
	if err != nil {
		return panels.Options{}, "", err
	}
	return panels.Options{ConfigPath: filepath.Join(tmp, "engine.toml"), EnginesPath: filepath.Join(tmp, "engines.toml"),
		RunsDir: filepath.Join(tmp, "runs"), MatchesDir: filepath.Join(tmp, "matches")}, tmp, nil
}

// openFiles opens the files given in their panels, the suites in the
// Suite panel, and returns the exit status so far and the suites.
func openFiles(wb *shell.Workbench, ps *panels.Panels, paths []string, stderr io.Writer) (status int, suite []string) {
	for _, path := range paths {
		if panels.IsSuite(path) {
			suite = append(suite, path)
			continue
		}
		if err := wb.Open(path); err != nil {
			fmt.Fprintf(stderr, "arimaa-workbench: %v\n", err)
			wb.Status(err.Error())
			status = 1
		}
	}
	if len(suite) > 0 {
		if err := ps.OpenSuite(wb, suite...); err != nil {
			fmt.Fprintf(stderr, "arimaa-workbench: %v\n", err)
			status = 1
		}
	}
	return status, suite
}

// screenshot is what --screenshot was asked for.
type screenshot struct {
	path         string
	delay        time.Duration
	run, analyse bool   // wait for the suite run; stop the analysis first
	dir          string // the temporary settings folder, removed at the end
	status       int    // the exit status so far
}

// captureLater lets the window draw, saves it to the screenshot's file and
// exits the program.
func captureLater(w fyne.Window, ps *panels.Panels, s screenshot, stderr io.Writer) {
	// Let the driver draw a few frames (and the first archive batches
	// arrive) before capturing.
	time.Sleep(s.delay)
	if s.run {
		// Wait until the run has ended; one that could not start shows
		// its reason in the panel, which is then captured.
		for waited := time.Duration(0); !suiteFinished(ps) && (waited < 3*time.Second || suiteRunning(ps)); waited += 100 * time.Millisecond {
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(300 * time.Millisecond)
	}
	if s.analyse {
		fyne.DoAndWait(func() { ps.Engine.Model().Stop() })
		time.Sleep(300 * time.Millisecond)
	}
	status := s.status
	fyne.DoAndWait(func() {
		if err := saveScreenshot(w, s.path); err != nil {
			fmt.Fprintf(stderr, "arimaa-workbench: screenshot: %v\n", err)
			status = 1
		}
	})
	// Exit here rather than through the driver's shutdown: GLFW can
	// deliver a pointer event to the closing window, which crashes inside
	// Fyne 2.7 (seen under Xvfb). Nothing is left to save.
	ps.Close()
	os.RemoveAll(s.dir)
	os.Exit(status)
}

// screenshotLimit bounds how long --screenshot may take beyond its delay
// (a --run of a suite included).
const screenshotLimit = 5 * time.Minute

// suiteFinished reports whether the suite panel's run has ended.
func suiteFinished(ps *panels.Panels) bool {
	st := ps.Suite.Model().State()
	return !st.Running && (st.Summary != nil || st.Err != nil)
}

func suiteRunning(ps *panels.Panels) bool { return ps.Suite.Model().State().Running }

func saveScreenshot(w fyne.Window, path string) error {
	img := w.Canvas().Capture()
	if img == nil || uniform(img) {
		// Some OpenGL stacks (Xvfb's software Mesa among them) give back an
		// empty front buffer; draw the same content with Fyne's software
		// painter at the window's size instead.
		img = snapshot.Capture(w.Canvas().Content(), w.Canvas().Size())
	}
	if img == nil || img.Bounds().Empty() || uniform(img) {
		return errors.New("the window drew nothing")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return fsutil.WriteBytes(path, buf.Bytes())
}

// uniform reports whether every pixel of img has the same colour.
func uniform(img image.Image) bool {
	b := img.Bounds()
	if b.Empty() {
		return true
	}
	first := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, a0 := first.RGBA()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bl != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}
