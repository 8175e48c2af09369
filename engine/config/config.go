// Package config holds the one configuration of the builtin engine: the
// search constants of Kozelek, Methods of MCTS and the game Arimaa, 2009,
// ch. 4 ([search]), the time management used under AEI time controls
// ([time]) and the evaluation and step-knowledge weights of engine/eval.
// It reads and writes them as TOML (the commented default is default.toml,
// embedded: the one default file of the engine, generated from Default),
// sets any key by its dotted name (AEI setoption, the settings form) and
// lists every key with its value and comment. Every key is optional, so a
// file of some tables only (the evaluation weights alone, say) is a
// configuration too.
package config

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"arimaa-workbench/engine/eval"
	"arimaa-workbench/engine/rules"
)

// Config is the whole engine configuration.
//
// The embedded eval.Weights contributes the [eval] and [knowledge] tables:
// c.Eval and c.Knowledge are its parts, c.Weights the whole for eval.New.
type Config struct {
	Search    Search    `toml:"search"`
	AlphaBeta AlphaBeta `toml:"alphabeta"`
	Time      Time      `toml:"time"`
	eval.Weights
}

//go:embed default.toml
var defaultTOML []byte

// DefaultTOML returns the commented default configuration file.
func DefaultTOML() []byte { return append([]byte(nil), defaultTOML...) }

// Default returns the strongest known configuration.
func Default() Config {
	return Config{Search: defaultSearch(), AlphaBeta: defaultAlphaBeta(), Time: defaultTime(), Weights: eval.DefaultWeights()}
}

// ErrUnknownKey is wrapped by errors for keys the configuration does not have.
var ErrUnknownKey = errors.New("unknown key")

// ErrBadValue is wrapped by errors for values of the wrong type or out of range.
var ErrBadValue = errors.New("bad value")

// Error is a problem in a configuration file or setting: where (file and
// line when known), which key, and what is wrong.
type Error struct {
	File string
	Line int // 0 when not known
	Key  string
	Err  error
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q: ", e.Key)
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Load reads a configuration; keys it does not give keep their default
// values. name is the file name used in errors. An unknown key, a value of
// the wrong type or out of range is an *Error naming file, line and key.
func Load(r io.Reader, name string) (Config, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Config{}, &Error{File: name, Err: err}
	}
	c := Default()
	// Slices replace rather than extend the defaults.
	c.Search.Setups = nil
	md, err := toml.NewDecoder(strings.NewReader(string(data))).Decode(&c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return Config{}, &Error{File: name, Line: pe.Position.Line, Key: pe.LastKey, Err: fmt.Errorf("%w: %s", ErrBadValue, pe.Message)}
		}
		// Type mismatches come as plain errors that carry the line and key
		// in their text only.
		e := &Error{File: name, Err: fmt.Errorf("%w: %v", ErrBadValue, err)}
		if m := mismatch.FindStringSubmatch(err.Error()); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Key = m[2]
			e.Err = fmt.Errorf("%w: %s", ErrBadValue, m[3])
		}
		return Config{}, e
	}
	if !md.IsDefined("search", "setups") {
		c.Search.Setups = Default().Search.Setups
	}
	for _, k := range md.Undecoded() {
		return Config{}, &Error{File: name, Line: keyLine(data, k), Key: k.String(), Err: ErrUnknownKey}
	}
	if err := c.Validate(); err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			ce.File = name
			ce.Line = keyLine(data, strings.Split(ce.Key, "."))
		}
		return Config{}, err
	}
	return c, nil
}

var mismatch = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// keyLine finds the line of a dotted key in TOML text: the line holding
// its last part as a key inside the table of the other parts; 0 if not found.
func keyLine(data []byte, key []string) int {
	if len(key) == 0 {
		return 0
	}
	table := strings.Join(key[:len(key)-1], ".")
	last := key[len(key)-1]
	cur := ""
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			cur = strings.Trim(strings.TrimSpace(strings.SplitN(t, "#", 2)[0]), "[] ")
			if cur == strings.Join(key, ".") {
				return i + 1
			}
			continue
		}
		k, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `"'`)
		if k == last && cur == table || cur == "" && k == strings.Join(key, ".") {
			return i + 1
		}
	}
	return 0
}

// field is one leaf key of the configuration.
type field struct {
	name string // dotted
	doc  string
	rng  string
	v    reflect.Value
}

// fields lists the leaf keys of v (a pointer to a struct) in order.
func fields(v reflect.Value, prefix string, out []field) []field {
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := strings.Split(f.Tag.Get("toml"), ",")[0]
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if prefix != "" {
			name = prefix + "." + name
		}
		fv := v.Field(i)
		if f.Anonymous && fv.Kind() == reflect.Struct {
			out = fields(fv.Addr(), prefix, out)
			continue
		}
		if fv.Kind() == reflect.Struct {
			out = fields(fv.Addr(), name, out)
			continue
		}
		out = append(out, field{name: name, doc: f.Tag.Get("doc"), rng: f.Tag.Get("range"), v: fv})
	}
	return out
}

// Key describes one setting for a form or a listing.
type Key struct {
	Name  string // dotted, e.g. "search.exploration"
	Value string // in TOML syntax
	Doc   string
	Type  string // bool, int, float, string, list
	Range string // "min,max" for numbers, empty when free
}

// Keys lists every key of c with its value and comment, in file order.
func (c *Config) Keys() []Key {
	fs := fields(reflect.ValueOf(c), "", nil)
	out := make([]Key, 0, len(fs))
	for _, f := range fs {
		out = append(out, Key{Name: f.name, Value: formatValue(f.v), Doc: f.doc, Type: kindName(f.v.Kind()), Range: f.rng})
	}
	return out
}

// Get returns the value of a key in TOML syntax.
func (c *Config) Get(key string) (string, error) {
	for _, f := range fields(reflect.ValueOf(c), "", nil) {
		if f.name == key {
			return formatValue(f.v), nil
		}
	}
	return "", &Error{Key: key, Err: ErrUnknownKey}
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "int"
	case reflect.Float32, reflect.Float64:
		return "float"
	case reflect.String:
		return "string"
	}
	return "list"
}

// Set sets one key by its dotted name from text: a number, true or false,
// a string (quotes optional) or a TOML array. The configuration is left
// unchanged when the key is unknown or the value does not fit.
func (c *Config) Set(key, value string) error {
	var target *field
	fs := fields(reflect.ValueOf(c), "", nil)
	for i := range fs {
		if fs[i].name == key {
			target = &fs[i]
		}
	}
	if target == nil {
		return &Error{Key: key, Err: ErrUnknownKey}
	}
	value = strings.TrimSpace(value)
	if target.v.Kind() == reflect.String && !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, "'") {
		value = QuoteTOML(value)
	}
	holder := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: target.v.Type(), Tag: `toml:"v"`}}))
	if _, err := toml.Decode("v = "+value, holder.Interface()); err != nil {
		var pe toml.ParseError
		msg := err.Error()
		if errors.As(err, &pe) {
			msg = pe.Message
		}
		return &Error{Key: key, Err: fmt.Errorf("%w: %q is not a %s: %s", ErrBadValue, value, kindName(target.v.Kind()), msg)}
	}
	old := reflect.ValueOf(target.v.Interface())
	target.v.Set(holder.Elem().Field(0))
	if err := c.Validate(); err != nil {
		target.v.Set(old)
		return err
	}
	return nil
}

// Validate checks every value against its range and the rules that tie
// keys together; the error names the key.
func (c *Config) Validate() error {
	for _, f := range fields(reflect.ValueOf(c), "", nil) {
		if f.rng == "" {
			continue
		}
		lo, hi, _ := strings.Cut(f.rng, ",")
		min, _ := strconv.ParseFloat(lo, 64)
		max, _ := strconv.ParseFloat(hi, 64)
		vals := []reflect.Value{f.v}
		if f.v.Kind() == reflect.Array || f.v.Kind() == reflect.Slice {
			vals = vals[:0]
			for j := 0; j < f.v.Len(); j++ {
				vals = append(vals, f.v.Index(j))
			}
		}
		for j, x := range vals {
			var n float64
			switch x.Kind() {
			case reflect.Float32, reflect.Float64:
				n = x.Float()
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				n = float64(x.Int())
			default:
				continue
			}
			if n < min || n > max || n != n {
				where := ""
				if k := f.v.Kind(); k == reflect.Array || k == reflect.Slice {
					where = fmt.Sprintf(" (element %d)", j)
				}
				return &Error{Key: f.name, Err: fmt.Errorf("%w: %s%s is outside %s to %s", ErrBadValue, formatValue(x), where, lo, hi)}
			}
		}
	}
	if err := CheckMemoryMB("search.memory_mb", int64(c.Search.MemoryMB)); err != nil {
		return err
	}
	if c.Search.PlayoutMinTurns > c.Search.PlayoutMaxTurns {
		return &Error{Key: "search.playout_max_turns", Err: fmt.Errorf("%w: %d is less than playout_min_turns (%d)", ErrBadValue, c.Search.PlayoutMaxTurns, c.Search.PlayoutMinTurns)}
	}
	switch c.Search.PlayoutGoal {
	case "rabbit", "exact", "off":
	default:
		return &Error{Key: "search.playout_goal", Err: fmt.Errorf("%w: %q is not rabbit, exact or off", ErrBadValue, c.Search.PlayoutGoal)}
	}
	switch c.Search.Algorithm {
	case "mcts", "alphabeta":
	default:
		return &Error{Key: "search.algorithm", Err: fmt.Errorf("%w: %q is not mcts or alphabeta", ErrBadValue, c.Search.Algorithm)}
	}
	if err := CheckMemoryMB("alphabeta.hash_mb", int64(c.AlphaBeta.HashMB)); err != nil {
		return err
	}
	switch c.Time.Manager {
	case "new", "old":
	default:
		return &Error{Key: "time.manager", Err: fmt.Errorf("%w: %q is not new or old", ErrBadValue, c.Time.Manager)}
	}
	for i, s := range c.Search.Setups {
		if _, err := rules.ParseSetup(s, rules.Gold); err != nil {
			return &Error{Key: "search.setups", Err: fmt.Errorf("%w: setup %d: %v", ErrBadValue, i+1, err)}
		}
	}
	return nil
}

// WriteTOML writes c as a commented TOML file that Load reads back.
func (c *Config) WriteTOML(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# Arimaa Workbench engine configuration. Every key is optional: a missing\n")
	b.WriteString("# key keeps its default. Load it with `--config FILE` or set single keys with\n")
	b.WriteString("# AEI `setoption name <table.key> value <x>`. Chapters (ch.) are those of\n")
	b.WriteString("# Kozelek, Methods of MCTS and the game Arimaa, 2009.\n")
	table := ""
	for _, f := range fields(reflect.ValueOf(c), "", nil) {
		dot := strings.LastIndexByte(f.name, '.')
		t, k := "", f.name
		if dot >= 0 {
			t, k = f.name[:dot], f.name[dot+1:]
		}
		if t != table {
			fmt.Fprintf(&b, "\n[%s]\n", t)
			table = t
		}
		b.WriteString("\n")
		for _, line := range wrap(f.doc, 92) {
			fmt.Fprintf(&b, "# %s\n", line)
		}
		if f.rng != "" {
			lo, hi, _ := strings.Cut(f.rng, ",")
			fmt.Fprintf(&b, "# Range: %s to %s.\n", lo, hi)
		}
		fmt.Fprintf(&b, "%s = %s\n", k, formatValueMultiline(f.v))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func wrap(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

func formatValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		s := strconv.FormatFloat(v.Float(), 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		return s
	case reflect.String:
		return QuoteTOML(v.String())
	case reflect.Slice, reflect.Array:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = formatValue(v.Index(i))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v.Interface())
}

// formatValueMultiline puts each element of a long list on its own line.
func formatValueMultiline(v reflect.Value) string {
	s := formatValue(v)
	if (v.Kind() != reflect.Slice && v.Kind() != reflect.Array) || len(s) <= 80 || v.Len() == 0 {
		return s
	}
	var b strings.Builder
	b.WriteString("[\n")
	for i := 0; i < v.Len(); i++ {
		fmt.Fprintf(&b, "  %s,\n", formatValue(v.Index(i)))
	}
	b.WriteString("]")
	return b.String()
}
