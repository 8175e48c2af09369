// Package engines keeps the workbench's list of external AEI engines: for
// each a name, the command line that starts it, an optional working folder
// and the AEI options sent before every game. The list lives in a TOML file
// under the user's configuration folder,
// os.UserConfigDir()/arimaa-workbench/engines.toml:
//
//	[[engine]]
//	name = "bot_sample"
//	command = "/opt/arimaa/bot_sample --quiet"
//	dir = "/opt/arimaa"             # optional working folder
//	[engine.options]                # optional: AEI setoption name/value
//	hash = 64
//	depth = "8"
//
// It is rewritten atomically (a temporary file, then a rename), so a crash
// never leaves half a file behind.
package engines

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// Sentinel errors, wrapped by the errors of Load, Read and Validate.
var (
	ErrSyntax    = errors.New("bad settings syntax")
	ErrName      = errors.New("bad engine name")
	ErrCommand   = aei.ErrCommand
	ErrOption    = errors.New("bad engine option")
	ErrUnknown   = errors.New("unknown key")
	ErrDuplicate = errors.New("duplicate engine name")
)

// Engine is one external engine.
type Engine struct {
	Name    string
	Command string // the command line, split by aei.SplitProgram
	Dir     string // working folder; empty for the workbench's own
	Options []Option
}

// Option is one AEI option: `setoption name Name value Value`.
type Option struct {
	Name, Value string
}

// Argv splits the engine's command line into the program and its
// arguments (aei.SplitProgram).
func (e Engine) Argv() ([]string, error) { return aei.SplitProgram(e.Command) }

// AEIConfig is how the AEI controller starts the engine: its command line
// split, its folder and its options.
func (e Engine) AEIConfig() (aei.Config, error) {
	argv, err := e.Argv()
	if err != nil {
		return aei.Config{}, fmt.Errorf("engine %q: %w", e.Name, err)
	}
	opts := make([]aei.Option, len(e.Options))
	for i, o := range e.Options {
		opts[i] = aei.Option{Name: o.Name, Value: o.Value}
	}
	return aei.Config{Command: argv, Dir: e.Dir, Options: opts}, nil
}

// Settings is the list of external engines, in the order the user keeps them.
type Settings struct {
	Engines []Engine
}

// Find returns the engine named name.
func (s Settings) Find(name string) (Engine, bool) {
	for _, e := range s.Engines {
		if e.Name == name {
			return e, true
		}
	}
	return Engine{}, false
}

// Put adds e, or replaces the engine of the same name (or the one named
// old, when renaming), keeping the list's order.
func (s *Settings) Put(old string, e Engine) {
	if old == "" {
		old = e.Name
	}
	for i := range s.Engines {
		if s.Engines[i].Name == old {
			s.Engines[i] = e
			return
		}
	}
	s.Engines = append(s.Engines, e)
}

// Remove deletes the engine named name; it reports whether there was one.
func (s *Settings) Remove(name string) bool {
	for i := range s.Engines {
		if s.Engines[i].Name == name {
			s.Engines = append(s.Engines[:i:i], s.Engines[i+1:]...)
			return true
		}
	}
	return false
}

// Validate returns every problem of the list: empty or repeated names,
// command lines that do not split, empty option names.
func (s Settings) Validate() []error {
	var errs []error
	seen := map[string]bool{}
	for i, e := range s.Engines {
		where := fmt.Sprintf("engine %d", i+1)
		if e.Name != "" {
			where = fmt.Sprintf("engine %q", e.Name)
		}
		if strings.TrimSpace(e.Name) == "" {
			errs = append(errs, fmt.Errorf("%s: %w: the name is empty", where, ErrName))
		} else if seen[e.Name] {
			errs = append(errs, fmt.Errorf("%s: %w", where, ErrDuplicate))
		}
		seen[e.Name] = true
		if _, err := aei.SplitProgram(e.Command); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", where, err))
		}
		for _, o := range e.Options {
			if strings.TrimSpace(o.Name) == "" || strings.ContainsAny(o.Name, " \t\r\n") {
				errs = append(errs, fmt.Errorf("%s: %w: option name %q must be one word", where, ErrOption, o.Name))
			}
			if strings.ContainsAny(o.Value, "\r\n") {
				errs = append(errs, fmt.Errorf("%s: %w: the value of option %q spans lines", where, ErrOption, o.Name))
			}
		}
	}
	return errs
}

// file is the TOML layout.
type file struct {
	Engine []fileEngine `toml:"engine"`
}

type fileEngine struct {
	Name    string         `toml:"name"`
	Command string         `toml:"command"`
	Dir     string         `toml:"dir,omitempty"`
	Options map[string]any `toml:"options,omitempty"`
}

// Read parses a settings file; name is the file name used in errors, which
// are *records.ParseError values with the line and column when the TOML
// library knows them.
func Read(r io.Reader, name string) (Settings, error) {
	var f file
	md, err := toml.NewDecoder(r).Decode(&f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Settings{}, &records.ParseError{File: name, Line: pe.Position.Line, Column: pe.Position.Col, Err: fmt.Errorf("%w: %s", ErrSyntax, pe.Message)}
		}
		return Settings{}, &records.ParseError{File: name, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
	}
	for _, k := range md.Undecoded() {
		// Option values are decoded as any, which leaves their keys
		// "undecoded"; they are what the options table is for.
		if len(k) >= 2 && k[0] == "engine" && k[1] == "options" {
			continue
		}
		return Settings{}, &records.ParseError{File: name, Err: fmt.Errorf("%w %q", ErrUnknown, k.String())}
	}
	var s Settings
	for i, fe := range f.Engine {
		e := Engine{Name: fe.Name, Command: fe.Command, Dir: fe.Dir}
		keys := make([]string, 0, len(fe.Options))
		for k := range fe.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, err := optionValue(fe.Options[k])
			if err != nil {
				return Settings{}, &records.ParseError{File: name, Err: fmt.Errorf("engine %d (%q), option %q: %w", i+1, fe.Name, k, err)}
			}
			e.Options = append(e.Options, Option{k, v})
		}
		s.Engines = append(s.Engines, e)
	}
	if errs := s.Validate(); len(errs) > 0 {
		return s, &records.ParseError{File: name, Err: errors.Join(errs...)}
	}
	return s, nil
}

func optionValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), nil
	case bool:
		return strconv.FormatBool(v), nil
	default:
		return "", fmt.Errorf("%w: a value must be a string, number or boolean, not %T", ErrOption, v)
	}
}

// Write writes s in the layout Read reads.
func Write(w io.Writer, s Settings) error {
	var b bytes.Buffer
	b.WriteString("# External AEI engines of the Arimaa workbench.\n")
	for _, e := range s.Engines {
		b.WriteString("\n[[engine]]\n")
		fmt.Fprintf(&b, "name = %s\n", config.QuoteTOML(e.Name))
		fmt.Fprintf(&b, "command = %s\n", config.QuoteTOML(e.Command))
		if e.Dir != "" {
			fmt.Fprintf(&b, "dir = %s\n", config.QuoteTOML(e.Dir))
		}
		if len(e.Options) > 0 {
			b.WriteString("[engine.options]\n")
			for _, o := range e.Options {
				fmt.Fprintf(&b, "%s = %s\n", config.QuoteTOML(o.Name), config.QuoteTOML(o.Value))
			}
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// DefaultPath is where the settings live: engines.toml in the
// workbench's configuration folder (ats.ConfigDir).
func DefaultPath() (string, error) { return ats.ConfigPath("engines.toml") }

// Load reads the settings at path; a file that does not exist yet is an
// empty list, not an error.
func Load(path string) (Settings, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, err
	}
	defer f.Close()
	return Read(f, path)
}

// Save validates s and writes it to path atomically, creating the folder
// when needed.
func Save(path string, s Settings) error {
	if errs := s.Validate(); len(errs) > 0 {
		return errors.Join(errs...)
	}
	var b bytes.Buffer
	if err := Write(&b, s); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := fsutil.WriteBytes(path, b.Bytes()); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
