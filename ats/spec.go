package ats

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/records/fsutil"
)

// Spec says how to start one engine: the builtin engine with a
// configuration, or an external AEI engine with its options. Suite runs,
// matches, workers and every panel describe their engines with it.
//
// Its text form is what users type after --engine (ParseSpec, String);
// its JSON form goes to workers (MarshalJSON); its record form is what a
// suite's configuration file and a result file's header hold (Record,
// SpecFromRecord).
type Spec struct {
	// Name is the engine's name in standings, reports and the archive's
	// player columns; ParseSpec derives one when the spec has no name=.
	Name string
	// Named is set when the name was given (name=), so that a clash is
	// the user's to resolve rather than numbered away (UniqueNames).
	Named bool

	Builtin bool
	Config  config.Config // builtin: the configuration
	// Threads are the builtin engine's search threads; 0 lets the user of
	// the spec decide (a suite run divides the cores, a match takes one).
	Threads int
	// Seed is the builtin engine's random seed in a suite run; a match
	// gives each game a seed of its own.
	Seed uint64

	Command []string     // AEI: the program and its arguments
	Dir     string       // AEI: the working folder; empty for the current one
	Options []aei.Option // AEI: sent with setoption after the handshake, in order
	Env     []string     // AEI: extra environment, "NAME=value"
	// StartTimeout and Grace tune the AEI controller in a suite run (0:
	// its defaults); a match sets them for all its engines.
	StartTimeout, Grace time.Duration

	// Text is the spec as written, for messages.
	Text string
}

// ParseSpec reads an engine spec from its words: the engine, then options
// written KEY=VALUE.
//
// The engine is "builtin" (the workbench's own engine: the alpha-beta
// search, or the MCTS with search.algorithm=mcts),
// "builtin:FILE.toml" (with the configuration in FILE),
// "builtin:KEY=VALUE,..." (configuration keys such as
// search.exploration=0.3), or an AEI engine's command line, e.g.
// "/path/bot --flag", split as a shell would split plain words. Options:
// name=NAME for every engine; for the builtin engine threads=N and any
// configuration key; for an AEI engine anything else, sent as "setoption
// name KEY value VALUE". A builtin engine's options may also follow in the
// first word, separated by blanks.
func ParseSpec(words []string) (Spec, error) {
	return parseSpecOn(words, config.Default())
}

// parseSpecOn is ParseSpec with base as the builtin engine's configuration
// before the spec's own keys ("builtin:FILE.toml" replaces it).
func parseSpecOn(words []string, base config.Config) (Spec, error) {
	if len(words) == 0 || strings.TrimSpace(words[0]) == "" {
		return Spec{}, errors.New("empty engine spec")
	}
	text := strings.Join(words, " ")
	first := strings.TrimSpace(words[0])
	if isBuiltinWord(first) {
		w, err := aei.SplitProgram(first)
		if err != nil {
			return Spec{}, fmt.Errorf("engine %q: %w", text, err)
		}
		s, err := parseBuiltin(w[0], append(w[1:], words[1:]...), base)
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
	if cmd[0] == "" {
		return Spec{}, fmt.Errorf("engine %q: %w: the program's name is empty", text, aei.ErrCommand)
	}
	s := Spec{Command: cmd, Text: text, Name: filepath.Base(cmd[0])}
	if err := s.aeiOptions(words[1:]); err != nil {
		return Spec{}, fmt.Errorf("engine %q: %w", text, err)
	}
	return s, s.checkName()
}

// isBuiltinWord reports whether the first word of a spec names the
// builtin engine.
func isBuiltinWord(w string) bool {
	return w == BuiltinName || strings.HasPrefix(w, BuiltinName+":") || strings.HasPrefix(w, BuiltinName+" ")
}

// ParseSpecLine reads an engine spec written on one line as it would follow
// --engine on a shell's command line: the line is split into words as a
// shell splits plain words (so an AEI command line with arguments is
// quoted, "'bin/baseline aei' name=baseline"), then read by ParseSpec.
// It reads back what String writes.
func ParseSpecLine(line string) (Spec, error) {
	words, err := aei.SplitCommand(line)
	if err != nil {
		return Spec{}, fmt.Errorf("engine %q: %w", line, err)
	}
	return ParseSpec(words)
}

// BuiltinSpec is the builtin engine with the configuration cfg, named
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

// Apply changes the spec by the KEY=VALUE words ParseSpec reads after its
// engine: name=, threads= and configuration keys for the builtin engine,
// name= and AEI options for an external one.
func (s *Spec) Apply(words ...string) error {
	if s.Builtin {
		return s.builtinOptions(words)
	}
	return s.aeiOptions(words)
}

// SetOption sets one engine option, as a configuration file's
// engine_options and the command line's --option give them: a
// configuration key of the builtin engine, or an AEI option, which
// replaces an option of the same name.
func (s *Spec) SetOption(name, value string) error {
	if s.Builtin {
		if err := s.Config.Set(name, value); err != nil {
			return fmt.Errorf("builtin engine option %s: %w", name, err)
		}
		return nil
	}
	if strings.TrimSpace(name) == "" || strings.ContainsAny(name, " \t\r\n") || strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("engine option %q=%q: the name must be one word and the value one line", name, value)
	}
	for i := range s.Options {
		if s.Options[i].Name == name {
			s.Options[i].Value = value
			return nil
		}
	}
	s.Options = append(s.Options, aei.Option{Name: name, Value: value})
	return nil
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
			s.Name, s.Named = v, true
			continue
		}
		if strings.ContainsAny(v, "\r\n") {
			return fmt.Errorf("option %s: the value spans lines", k)
		}
		s.Options = append(s.Options, aei.Option{Name: k, Value: v})
	}
	return nil
}

// parseBuiltin reads "builtin[:FILE|:K=V,...]" and its options, on the
// configuration base.
func parseBuiltin(engine string, opts []string, base config.Config) (Spec, error) {
	s := Spec{Builtin: true, Config: base, Name: BuiltinName}
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
			s.Name, s.Named = v, true
		case k == "threads":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > config.MaxThreads {
				return fmt.Errorf("threads=%q: not a whole number from 1 to %d", v, config.MaxThreads)
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

// HasOption reports whether the spec sets the AEI option name.
func (s Spec) HasOption(name string) bool {
	for _, o := range s.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

// String writes the spec as ParseSpecLine reads it: the engine ("builtin"
// or the AEI command line as one quoted word), then KEY=VALUE words (each
// configuration key that differs from the default, threads=, AEI options
// in order) and name= unless the name is the one the text derives. The
// AEI folder and environment, the seed and the controller's timeouts have
// no text form and are left out.
func (s Spec) String() string {
	var words []string
	derived := BuiltinName
	if s.Builtin {
		words = append(words, BuiltinName)
		for _, k := range s.configChanges() {
			words = append(words, aei.QuoteWord(k.Name+"="+k.Value))
		}
		if s.Threads > 0 {
			words = append(words, "threads="+strconv.Itoa(s.Threads))
		}
	} else {
		words = append(words, aei.QuoteWord(commandText(s.Command)))
		for _, o := range s.Options {
			words = append(words, aei.QuoteWord(o.Name+"="+o.Value))
		}
		if len(s.Command) > 0 {
			derived = filepath.Base(s.Command[0])
		}
	}
	if s.Named || s.Name != derived {
		words = append(words, aei.QuoteWord("name="+s.Name))
	}
	return strings.Join(words, " ")
}

// configChanges lists the builtin configuration's keys whose values differ
// from the default configuration's, in file order.
func (s Spec) configChanges() []config.Key {
	def := config.Default()
	defKeys := def.Keys() // in the same order as any configuration's
	var out []config.Key
	for i, k := range s.Config.Keys() {
		if k.Value != defKeys[i].Value {
			out = append(out, k)
		}
	}
	return out
}

// Record is the spec as a suite's configuration file and a result file's
// header hold it: the engine ("builtin", or the AEI command line) and its
// options (the configuration keys that differ from the default, or the AEI
// options). Threads and Seed go beside them; SpecFromRecord reads them
// back.
func (s Spec) Record() (engine string, options map[string]string) {
	options = map[string]string{}
	if s.Builtin {
		for _, k := range s.configChanges() {
			options[k.Name] = k.Value
		}
		return BuiltinName, options
	}
	for _, o := range s.Options {
		options[o.Name] = o.Value
	}
	return commandText(s.Command), options
}

// commandText writes an AEI command line that reads back as cmd, and never
// as the builtin engine: a program called "builtin" is written
// \builtin.
func commandText(cmd []string) string {
	text := aei.JoinCommand(cmd)
	if isBuiltinWord(text) {
		text = `\` + text
	}
	return text
}

// SpecFromRecord reads an engine as a configuration file or a result
// file's header holds it (see Record): engine is empty or "builtin" (or
// any builtin spelling ParseSpec reads) for the builtin engine, otherwise
// an AEI command line; options are set in the order of their names.
func SpecFromRecord(engine string, options map[string]string, threads int, seed uint64) (Spec, error) {
	if strings.TrimSpace(engine) == "" {
		engine = BuiltinName
	}
	s, err := ParseSpec([]string{engine})
	if err != nil {
		return Spec{}, err
	}
	for _, k := range sortedKeys(options) {
		if err := s.SetOption(k, options[k]); err != nil {
			return Spec{}, err
		}
	}
	s.Threads, s.Seed = threads, seed
	return s, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Factory builds the engine factory the spec describes: the builtin
// engine with its configuration, threads and seed, or the AEI engine
// started as the spec says.
func (s Spec) Factory() (EngineFactory, error) {
	if s.Builtin {
		return BuiltinFactory(mcts.Options{Threads: s.Threads, Seed: s.Seed, Config: s.Config}), nil
	}
	if len(s.Command) == 0 || s.Command[0] == "" {
		return nil, fmt.Errorf("engine %s: %w: the command line is empty", s.Name, aei.ErrCommand)
	}
	return AEIFactory(s.AEIConfig()), nil
}

// AEIConfig is how the AEI controller starts the spec's external engine.
func (s Spec) AEIConfig() aei.Config {
	return aei.Config{Command: s.Command, Dir: s.Dir, Env: s.Env, Options: s.Options, StartTimeout: s.StartTimeout, Grace: s.Grace}
}

// SplitEngineArgs separates the engine specs from the other arguments of
// a command line: each --engine (or -engine) value starts a spec, and the
// KEY=VALUE words right after it belong to that spec. The rest is returned
// in order for the flag parser.
func SplitEngineArgs(args []string) (specs [][]string, rest []string, err error) {
	return SplitSpecArgs(args, "engine")
}

// SplitSpecArgs is SplitEngineArgs for the engine flag called name (a
// command with two roles of engine splits twice, once for each flag).
func SplitSpecArgs(args []string, name string) (specs [][]string, rest []string, err error) {
	long, short := "--"+name, "-"+name
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		var v string
		switch {
		case a == long || a == short:
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("%s needs a value", a)
			}
			i++
			v = args[i]
		case strings.HasPrefix(a, long+"=") || strings.HasPrefix(a, short+"="):
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

// UniqueNames gives engines with the same derived name numbered names
// ("builtin", "builtin-2"); names given with name= must differ.
func UniqueNames(specs []Spec) error {
	seen := map[string]int{}
	for _, s := range specs {
		if s.Named {
			if seen[s.Name] > 0 {
				return fmt.Errorf("two engines are named %q", s.Name)
			}
			seen[s.Name] = 1
		}
	}
	for i := range specs {
		s := &specs[i]
		if s.Named {
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

// ParseSpecWith reads an engine spec as ParseSpec does, with options (a
// suite configuration's engine_options) set before the spec's own words:
// configuration keys the builtin engine starts from, or AEI options sent
// before the spec's own.
func ParseSpecWith(words []string, options map[string]string) (Spec, error) {
	if len(words) > 0 && isBuiltinWord(strings.TrimSpace(words[0])) {
		base := config.Default()
		for _, k := range sortedKeys(options) {
			if err := base.Set(k, options[k]); err != nil {
				return Spec{}, fmt.Errorf("builtin engine option %s: %w", k, err)
			}
		}
		return parseSpecOn(words, base)
	}
	s, err := ParseSpec(words)
	if err != nil {
		return Spec{}, err
	}
	var first []aei.Option
	for _, k := range sortedKeys(options) {
		first = append(first, aei.Option{Name: k, Value: options[k]})
	}
	s.Options = append(first, s.Options...)
	return s, nil
}
