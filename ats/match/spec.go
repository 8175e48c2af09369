package match

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records/fsutil"
)

// Spec says how to start one engine of a match: the embedded engine with a
// configuration, or an external AEI engine with its options.
type Spec struct {
	// Name is the engine's name in standings and in the archive's player
	// columns; ParseSpec derives one when the spec has no name=.
	Name string
	// named is set when the name was given with name=, so that a clash
	// is the user's to resolve.
	named bool

	Builtin bool
	Config  config.Config // builtin: the configuration
	Threads int           // builtin: search threads; 0 means 1

	Command []string     // AEI: the program and its arguments
	Dir     string       // AEI: the working folder; empty for the current one
	Options []aei.Option // AEI: sent with setoption after the handshake, in order
	Env     []string     // AEI: extra environment, "NAME=value"

	// Text is the spec as written, for messages.
	Text string
}

// BuiltinName is the name of the embedded engine with its default
// configuration.
const BuiltinName = ats.BuiltinName

// ParseSpec reads an engine spec from its words: the engine, then options
// written KEY=VALUE.
//
// The engine is "builtin" (the embedded engine), "builtin:FILE.toml" (with
// the configuration in FILE), "builtin:KEY=VALUE,..." (configuration keys
// such as search.exploration=0.3), or an AEI engine's command line, e.g.
// "/path/bot --flag", split as a shell would split plain words. Options:
// name=NAME for every engine; for the builtin engine threads=N and any
// configuration key; for an AEI engine anything else, sent as "setoption
// name KEY value VALUE". A builtin engine's options may also follow in the
// first word, separated by blanks.
func ParseSpec(words []string) (Spec, error) {
	if len(words) == 0 || strings.TrimSpace(words[0]) == "" {
		return Spec{}, errors.New("empty engine spec")
	}
	text := strings.Join(words, " ")
	first := strings.TrimSpace(words[0])
	if first == BuiltinName || strings.HasPrefix(first, BuiltinName+":") || strings.HasPrefix(first, BuiltinName+" ") {
		w, err := aei.SplitProgram(first)
		if err != nil {
			return Spec{}, fmt.Errorf("engine %q: %w", text, err)
		}
		s, err := parseBuiltin(w[0], append(w[1:], words[1:]...))
		if err != nil {
			return Spec{}, fmt.Errorf("engine %q: %w", text, err)
		}
		s.Text = text
		return s, nil
	}
	cmd, err := aei.SplitProgram(first)
	if err != nil {
		return Spec{}, fmt.Errorf("engine %q: %w", text, err)
	}
	s := Spec{Command: cmd, Text: text, Name: filepath.Base(cmd[0])}
	if err := s.aeiOptions(words[1:]); err != nil {
		return Spec{}, fmt.Errorf("engine %q: %w", text, err)
	}
	return s, s.checkName()
}

// ParseSpecLine reads an engine spec written on one line as it would follow
// --engine on a shell's command line: the line is split into words as a
// shell splits plain words (so an AEI command line with arguments is
// quoted, "'bin/baseline aei' name=baseline"), then read by ParseSpec.
func ParseSpecLine(line string) (Spec, error) {
	words, err := aei.SplitCommand(line)
	if err != nil {
		return Spec{}, fmt.Errorf("engine %q: %w", line, err)
	}
	return ParseSpec(words)
}

// BuiltinSpec is the embedded engine with the configuration cfg, named
// name, then changed by opts, the KEY=VALUE words ParseSpec reads after
// "builtin": name=, threads= and configuration keys.
func BuiltinSpec(name string, cfg config.Config, opts ...string) (Spec, error) {
	s := Spec{Builtin: true, Config: cfg, Name: name, Text: strings.Join(append([]string{name}, opts...), " ")}
	if err := s.builtinOptions(opts); err != nil {
		return Spec{}, fmt.Errorf("engine %s: %w", name, err)
	}
	return s, s.checkName()
}

// AEISpec is an external AEI engine named name, started with the program
// and arguments command in the folder dir ("": the current one), sent
// options after the handshake, then changed by opts, the KEY=VALUE words
// ParseSpec reads after an AEI command line: name=, and further options.
func AEISpec(name string, command []string, dir string, options []aei.Option, opts ...string) (Spec, error) {
	if len(command) == 0 || command[0] == "" {
		return Spec{}, fmt.Errorf("engine %s: %w: the command line is empty", name, aei.ErrCommand)
	}
	s := Spec{Name: name, Command: append([]string(nil), command...), Dir: dir,
		Options: append([]aei.Option(nil), options...), Text: strings.Join(append([]string{name}, opts...), " ")}
	if err := s.aeiOptions(opts); err != nil {
		return Spec{}, fmt.Errorf("engine %s: %w", name, err)
	}
	return s, s.checkName()
}

// aeiOptions applies an AEI engine's KEY=VALUE words: name=, or an option
// sent with setoption.
func (s *Spec) aeiOptions(words []string) error {
	for _, w := range words {
		k, v, err := splitOption(w)
		if err != nil {
			return err
		}
		if k == "name" {
			s.Name, s.named = v, true
			continue
		}
		if strings.ContainsAny(v, "\r\n") {
			return fmt.Errorf("option %s: the value spans lines", k)
		}
		s.Options = append(s.Options, aei.Option{Name: k, Value: v})
	}
	return nil
}

// parseBuiltin reads "builtin[:FILE|:K=V,...]" and its options.
func parseBuiltin(engine string, opts []string) (Spec, error) {
	s := Spec{Builtin: true, Config: config.Default(), Name: BuiltinName}
	if rest, ok := strings.CutPrefix(engine, BuiltinName+":"); ok {
		switch {
		case rest == "":
			return Spec{}, errors.New("nothing after builtin:")
		case strings.Contains(rest, "="):
			for _, kv := range strings.Split(rest, ",") {
				k, v, err := splitOption(kv)
				if err != nil {
					return Spec{}, err
				}
				if err := s.Config.Set(k, v); err != nil {
					return Spec{}, err
				}
			}
			s.Name = engine
		default:
			data, err := fsutil.ReadFile(rest)
			if err != nil {
				return Spec{}, err
			}
			s.Config, err = config.Load(bytes.NewReader(data), rest)
			if err != nil {
				return Spec{}, err
			}
			s.Name = strings.TrimSuffix(filepath.Base(rest), filepath.Ext(rest))
		}
	}
	if err := s.builtinOptions(opts); err != nil {
		return Spec{}, err
	}
	return s, s.checkName()
}

// builtinOptions applies the builtin engine's KEY=VALUE words: name=,
// threads= and configuration keys.
func (s *Spec) builtinOptions(words []string) error {
	for _, w := range words {
		k, v, err := splitOption(w)
		if err != nil {
			return err
		}
		switch {
		case k == "name":
			s.Name, s.named = v, true
		case k == "threads":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 256 {
				return fmt.Errorf("threads=%q: not a whole number from 1 to 256", v)
			}
			s.Threads = n
		case strings.Contains(k, "."):
			if err := s.Config.Set(k, v); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%q is neither name=, threads= nor a configuration key such as search.exploration", w)
		}
	}
	return nil
}

func splitOption(w string) (string, string, error) {
	k, v, ok := strings.Cut(w, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" || strings.ContainsAny(k, " \t\r\n") {
		return "", "", fmt.Errorf("%q is not an option KEY=VALUE", w)
	}
	return k, strings.TrimSpace(v), nil
}

// checkName rejects names the archive cannot hold.
func (s Spec) checkName() error {
	switch {
	case strings.TrimSpace(s.Name) == "":
		return errors.New("empty engine name")
	case strings.ContainsAny(s.Name, "\t\r\n"):
		return fmt.Errorf("engine name %q holds a tab or line break", s.Name)
	}
	return nil
}

// threads is the builtin engine's thread count: one unless the spec says
// otherwise, so that a playout budget gives repeatable games.
func (s Spec) threads() int { return max(s.Threads, 1) }

// hasOption reports whether the spec sets the AEI option name.
func (s Spec) hasOption(name string) bool {
	for _, o := range s.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

// SplitArgs separates the engine specs from the other arguments of a
// command line: each --engine (or -engine) value starts a spec, and the
// KEY=VALUE words right after it belong to that spec. The rest is returned
// in order for the flag parser.
func SplitArgs(args []string) (specs [][]string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		var v string
		switch {
		case a == "--engine" || a == "-engine":
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("%s needs a value", a)
			}
			i++
			v = args[i]
		case strings.HasPrefix(a, "--engine=") || strings.HasPrefix(a, "-engine="):
			_, v, _ = strings.Cut(a, "=")
		default:
			rest = append(rest, a)
			continue
		}
		spec := []string{v}
		for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && strings.Contains(args[i+1], "=") {
			i++
			spec = append(spec, args[i])
		}
		specs = append(specs, spec)
	}
	return specs, rest, nil
}

// uniqueNames gives engines with the same derived name numbered names
// ("builtin", "builtin-2"); names given with name= must differ.
func uniqueNames(specs []Spec) error {
	seen := map[string]int{}
	for _, s := range specs {
		if s.named {
			if seen[s.Name] > 0 {
				return fmt.Errorf("two engines are named %q", s.Name)
			}
			seen[s.Name] = 1
		}
	}
	for i := range specs {
		s := &specs[i]
		if s.named {
			continue
		}
		base := s.Name
		for n := 2; seen[s.Name] > 0; n++ {
			s.Name = base + "-" + strconv.Itoa(n)
		}
		seen[s.Name] = 1
	}
	return nil
}
