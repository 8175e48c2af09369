package ats

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Config is a suite configuration file, the successor of the original
// runner's ats.cfg:
//
//	engine = "builtin"              # or an AEI engine's command line
//	engine_options = { hash = "64" } # AEI setoption, or builtin config keys
//	tests = ["tests/", "extra.toml"] # relative to this file
//	filter = "1-10, tag:goal"
//	time_per_test = 5.0             # seconds; or:
//	playouts = 20000                # (nodes = ... also)
//	cycles = 1
//	jobs = 1
//	threshold = 1.0                 # fraction of full score that passes
//	threads = 1                     # builtin engine threads
//	seed = 1                        # builtin engine seed
type Config struct {
	Engine        string            `toml:"engine"`
	EngineOptions map[string]string `toml:"engine_options"`
	Tests         []string          `toml:"tests"`
	Filter        string            `toml:"filter"`
	TimePerTest   float64           `toml:"time_per_test"`
	Playouts      int64             `toml:"playouts"`
	Nodes         int               `toml:"nodes"`
	Cycles        int               `toml:"cycles"`
	Jobs          int               `toml:"jobs"`
	Threshold     float64           `toml:"threshold"`
	Threads       int               `toml:"threads"`
	Seed          uint64            `toml:"seed"`
}

// LoadConfig reads a suite configuration: TOML (Config), or the original
// runner's INI form (a [global] section with engine, tests, time_per_test
// and cycles), recognised by its section header. In the INI form, tests
// names a test file or folder when one exists by that name, and is
// otherwise a filter (such as "15" or "1-20") over the folder "tests"
// beside the file, where the original runner kept its tests. Paths are
// made relative to the configuration file's folder.
func LoadConfig(path string) (Config, error) {
	data, err := fsutil.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	dir := filepath.Dir(path)
	var c Config
	if isLegacyConfig(text) {
		c, err = parseLegacyConfig(text, path, dir)
		if err != nil {
			return Config{}, err
		}
	} else {
		md, err := toml.Decode(text, &c)
		if err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return Config{}, &records.ParseError{File: path, Line: pe.Position.Line, Column: pe.Position.Col, Err: fmt.Errorf("%w: %s", ErrConfigSyntax, pe.Message)}
			}
			return Config{}, &records.ParseError{File: path, Err: fmt.Errorf("%w: %v", ErrConfigSyntax, err)}
		}
		if und := md.Undecoded(); len(und) > 0 && und[0][0] != "engine_options" {
			return Config{}, &records.ParseError{File: path, Err: fmt.Errorf("%w: unknown key %q", ErrConfigSyntax, und[0].String())}
		}
		for i, t := range c.Tests {
			if !filepath.IsAbs(t) {
				c.Tests[i] = filepath.Join(dir, t)
			}
		}
	}
	if err := c.check(); err != nil {
		return Config{}, &records.ParseError{File: path, Err: err}
	}
	return c, nil
}

// check reports a setting outside its range, as NewRunner would.
func (c Config) check() error {
	if !(c.TimePerTest >= 0 && c.TimePerTest <= config.MaxSeconds) {
		return fmt.Errorf("%w: time_per_test %v (0 to %d seconds)", ErrRange, c.TimePerTest, config.MaxSeconds)
	}
	if !(c.Threshold >= 0 && c.Threshold <= 1) {
		return fmt.Errorf("%w: threshold %v (0 to 1)", ErrRange, c.Threshold)
	}
	return errors.Join(CheckLimits(analysis.Limits{Playouts: c.Playouts, Nodes: c.Nodes}),
		checkRange("cycles", c.Cycles, 0, MaxCycles),
		checkRange("jobs", c.Jobs, 0, MaxJobs),
		checkRange("threads", c.Threads, 0, config.MaxThreads))
}

func isLegacyConfig(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		return strings.EqualFold(strings.ReplaceAll(t, " ", ""), "[global]")
	}
	return false
}

func parseLegacyConfig(text, path, dir string) (Config, error) {
	entries, err := readConfigINI(text, path)
	if err != nil {
		return Config{}, err
	}
	var c Config
	for _, e := range entries {
		v, _ := e.joined()
		bad := func(what string) error {
			return &records.ParseError{File: path, Line: e.line, Column: 1, Err: fmt.Errorf("%w: %s = %q: %s", ErrConfigSyntax, e.key, v, what)}
		}
		switch e.key {
		case "engine":
			c.Engine = v
		case "tests":
			if _, err := os.Stat(filepath.Join(dir, v)); err == nil && v != "" {
				c.Tests = []string{filepath.Join(dir, v)}
			} else {
				c.Tests = []string{filepath.Join(dir, "tests")}
				c.Filter = v
			}
		case "time_per_test":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return Config{}, bad("not a positive number of seconds")
			}
			c.TimePerTest = f
		case "cycles":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return Config{}, bad("not a positive whole number")
			}
			c.Cycles = n
		}
		// Other keys of the original (where to log) have no meaning here.
	}
	return c, nil
}

// readConfigINI reads the [global] section of a legacy ats.cfg.
func readConfigINI(text, path string) ([]entry, error) {
	// The test-file reader knows only the test sections; map [global] to
	// one of them so the same INI rules apply.
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.EqualFold(strings.ReplaceAll(strings.TrimSpace(l), " ", ""), "[global]") {
			lines[i] = "[settings]"
		}
	}
	return readINI(strings.NewReader(strings.Join(lines, "\n")), path)
}
