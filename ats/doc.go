// Package ats is the Arimaa Test Suite: tests (a position and criteria that
// judge the move an engine plays there), the readers for the legacy `.ats`
// files of seed 000 appendix A.7 and for TOML suites, the runner that
// presents tests to an engine (the embedded one or any AEI engine) with
// fault tolerance and resumable result files, and the reports and the
// comparison of two runs.
//
// The legacy format is described in shared/spec/formats.md ("Arimaa Test
// Suite files"), the TOML form in the doc comment of ReadTOML, and the
// suite configuration in Config.
//
// A typical use, as the command line and the test-suite panel do it:
//
//	suite, loadErrs := ats.LoadSuite("tests/")          // per-file errors; the rest loads
//	f, _ := ats.ParseFilter("1-10, tag:goal")
//	factory, _ := ats.EngineSpec{Engine: "builtin"}.Factory()
//	r, _ := ats.NewRunner(ats.RunConfig{
//		Tests: f.Select(suite), Engine: factory,
//		Limits: ats.Limits{Time: time.Second},
//		ResultFile: path, // JSON Lines, synced per result; Resume: true continues it
//		OnEvent: func(e ats.Event) { ... }, // started, progress, done, restart, run done
//	})
//	sum, err := r.Run(ctx) // cancel ctx to stop; resume later from the file
//
// Criteria.Judge (through Test.Score) tells which atoms a move satisfies,
// so a view can mark them on the board.
package ats
