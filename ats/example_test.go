package ats_test

import (
	"context"
	"fmt"

	"arimaa-workbench/ats"
	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/engine/mcts"
)

// A suite run with the builtin engine: one thread, a fixed seed and a
// playout budget make it repeatable.
func ExampleRunner() {
	suite, errs := ats.LoadSuite("../assets/tests")
	if len(errs) > 0 {
		fmt.Println(errs)
		return
	}
	filter, _ := ats.ParseFilter("goal-one-step, silver-goal")
	r, err := ats.NewRunner(ats.RunConfig{
		Suite:  suite.Name,
		Tests:  filter.Select(suite),
		Engine: ats.BuiltinFactory(mcts.Options{Threads: 1, Seed: 1, Config: config.Default()}),
		Limits: analysis.Limits{Playouts: 2000},
		OnEvent: func(e ats.Event) {
			if e.Kind == ats.TestDone {
				fmt.Println(e.Result.Name, e.Result.Status, e.Result.Canonical)
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, err := r.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Line())
	// Output:
	// goal-one-step pass Rd7n
	// silver-goal pass re2s
	// scored 2 of 2 (2 passed, 0 failed, 0 errors)
}
