package ats

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/config"
)

// specJSON is a Spec on the wire. A builtin engine's configuration goes as
// TOML, so that a worker built from other sources refuses a key it does
// not know rather than playing with a default in its place.
type specJSON struct {
	Name         string        `json:"name"`
	Builtin      bool          `json:"builtin,omitempty"`
	Config       string        `json:"config,omitempty"`
	Threads      int           `json:"threads,omitempty"`
	Seed         uint64        `json:"seed,omitempty"`
	Command      []string      `json:"command,omitempty"`
	Dir          string        `json:"dir,omitempty"`
	Options      []aei.Option  `json:"options,omitempty"`
	Env          []string      `json:"env,omitempty"`
	StartTimeout time.Duration `json:"start_timeout_ns,omitempty"`
	Grace        time.Duration `json:"grace_ns,omitempty"`
	Text         string        `json:"text,omitempty"`
}

// recordJSON is the form suite-run jobs gave their engine before Spec
// took its place: the record form (SpecFromRecord) with Go's field names.
type recordJSON struct {
	Engine       string
	Options      map[string]string
	Threads      int
	Seed         uint64
	StartTimeout time.Duration
	Grace        time.Duration
}

// MarshalJSON writes the spec for a worker.
func (s Spec) MarshalJSON() ([]byte, error) {
	w := specJSON{Name: s.Name, Builtin: s.Builtin, Threads: s.Threads, Seed: s.Seed, Command: s.Command, Dir: s.Dir,
		Options: s.Options, Env: s.Env, StartTimeout: s.StartTimeout, Grace: s.Grace, Text: s.Text}
	if s.Builtin {
		var b strings.Builder
		if err := s.Config.WriteTOML(&b); err != nil {
			return nil, err
		}
		w.Config = stripComments(b.String())
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a spec that MarshalJSON wrote, or a suite-run job's
// engine in the form written before (an object with the key "Engine").
func (s *Spec) UnmarshalJSON(data []byte) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return err
	}
	if _, old := keys["Engine"]; old {
		var r recordJSON
		if err := json.Unmarshal(data, &r); err != nil {
			return err
		}
		spec, err := SpecFromRecord(r.Engine, r.Options, r.Threads, r.Seed)
		if err != nil {
			return err
		}
		spec.StartTimeout, spec.Grace = r.StartTimeout, r.Grace
		*s = spec
		return nil
	}
	var w specJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*s = Spec{Name: w.Name, Named: true, Builtin: w.Builtin, Threads: w.Threads, Seed: w.Seed, Command: w.Command, Dir: w.Dir,
		Options: w.Options, Env: w.Env, StartTimeout: w.StartTimeout, Grace: w.Grace, Text: w.Text}
	if w.Builtin {
		c, err := config.Load(strings.NewReader(w.Config), "the configuration of "+w.Name)
		if err != nil {
			return fmt.Errorf("engine %s: %w (is this machine's arimaa-workbench the coordinator's build?)", w.Name, err)
		}
		s.Config = c
	} else if len(w.Command) == 0 || w.Command[0] == "" {
		return fmt.Errorf("engine %s: %w: the command line is empty", w.Name, aei.ErrCommand)
	}
	return s.checkName()
}

// stripComments drops the comment and blank lines of a TOML text, which
// make most of a configuration file's size.
func stripComments(text string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			b.WriteString(l)
		}
	}
	return b.String()
}
