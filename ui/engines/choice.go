package engines

import (
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/aei"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/builtin"
	"arimaa-workbench/engine/config"
)

// Choice is one engine the panels offer, in the engine, suite and match
// panels alike: the builtin engine with the configuration of the moment,
// or an external AEI engine of the settings.
type Choice struct {
	Name    string
	Builtin bool
	// AEI is how the controller starts an external engine.
	AEI aei.Config
	// Config gives the builtin engine's configuration as it is when the
	// engine is made (the panels' shared settings); nil: the default.
	Config func() config.Config
}

// MCTSSuffix names the second builtin choice: the builtin engine with the
// same configuration but search.algorithm = mcts, so that both searches
// (the default alpha-beta search and the MCTS) are a click apart in every
// panel.
const MCTSSuffix = " MCTS"

// Choices is the one list of engines the panels offer: the builtin
// engine under builtinName with the configuration cfg gives (the
// alpha-beta search unless the settings choose another), the same with
// the MCTS (builtinName + MCTSSuffix), then the external engines whose
// command lines split, in the order the user keeps them.
func (s Settings) Choices(builtinName string, cfg func() config.Config) []Choice {
	mcts := func() config.Config {
		c := cfg()
		c.Search.Algorithm = "mcts"
		return c
	}
	out := []Choice{{Name: builtinName, Builtin: true, Config: cfg}, {Name: builtinName + MCTSSuffix, Builtin: true, Config: mcts}}
	for _, e := range s.Engines {
		c, err := e.AEIConfig()
		if err != nil {
			continue
		}
		out = append(out, Choice{Name: e.Name, AEI: c})
	}
	return out
}

// config is the builtin engine's configuration now.
func (c Choice) config() config.Config {
	if c.Config == nil {
		return config.Default()
	}
	return c.Config()
}

// Spec is the chosen engine as a spec, changed by words, the KEY=VALUE
// words typed after it (ats.Spec.Apply): configuration keys, threads= and
// name= for the builtin engine; name= and AEI options for an external
// one.
func (c Choice) Spec(words ...string) (ats.Spec, error) {
	if c.Builtin {
		return ats.BuiltinSpec(c.Name, c.config(), words...)
	}
	return ats.AEISpec(c.Name, c.AEI.Command, c.AEI.Dir, c.AEI.Options, words...)
}

// Engine is the chosen engine for analyses: a builtin engine that
// searches with the configuration of each search's moment, or the external
// engine, started at its first search.
func (c Choice) Engine() analysis.Engine {
	if c.Builtin {
		return builtin.New(c.Name, func() builtin.Options { return builtin.Options{Config: c.config()} })
	}
	return aei.NewExternal(c.Name, c.AEI)
}

// Names lists the choices' names, in order.
func Names(choices []Choice) []string {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = c.Name
	}
	return names
}

// Reload offers names in sel, keeping its selection when it is still
// offered and otherwise selecting the first: what each panel does when the
// list of engines changes.
func Reload(sel *widget.Select, names []string) {
	old := sel.Selected
	sel.SetOptions(names)
	for _, n := range names {
		if n == old && old != "" {
			sel.SetSelected(old)
			return
		}
	}
	if len(names) > 0 {
		sel.SetSelected(names[0])
	}
}
