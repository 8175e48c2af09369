package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"arimaa-workbench/ats/learn"
	"arimaa-workbench/engine/config"
	"arimaa-workbench/records"
	"arimaa-workbench/records/fsutil"
)

// fitSummary is the JSON summary of a fit run.
type fitSummary struct {
	Sources []string `json:"sources"`
	Out     string   `json:"out"`
	Holdout float64  `json:"holdout"`
	Ridge   float64  `json:"ridge"`
	Seed    uint64   `json:"seed"`
	*learn.FitResult
}

// runFit fits the evaluation's term weights to a teacher's scores:
// `fit [--config BASE.toml] [--set K=V] [--out FITTED.toml] [--holdout 0.2]
// [--ridge 0.01] [--seed N] [--json FILE] SCORES...`.
func runFit(ctx context.Context, args []string, io stdio) int {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	fs.SetOutput(io.err)
	var cf configFlags
	cf.register(fs)
	d := learn.DefaultFitOptions()
	out := fs.String("out", "fitted.toml", "write the fitted configuration to `FILE`")
	jsonOut := fs.String("json", "", "write the summary as JSON to `FILE`")
	rangeVar(fs, &d.Holdout, "holdout", d.Holdout, 0, 0.9, "share of the positions held out to measure the fit")
	rangeVar(fs, &d.Ridge, "ridge", d.Ridge, 0, 10, "ridge penalty on the standardised weights, which steadies terms that move together")
	rangeVar(fs, &d.Seed, "seed", d.Seed, 0, 1<<63, "random `seed` of the held-out positions")
	fs.Usage = func() {
		fmt.Fprint(io.err, `usage: arimaa-workbench fit [options] SCORES...

Fits the evaluation's term weights (the [eval] table) to a teacher's scores
of positions, such as a stronger engine's static evaluation (go doc
arimaa-workbench/ats/learn FitTeacher). Each SCORES file has a position a
line: the teacher's score from the side to move's point of view, blanks,
and the position in the compact AEI format:
  -412.5	g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]
Blank and # lines are skipped. The fit is a least-squares line through the
teacher's scores of the evaluation's terms at the base weights (material
as the scale, the rabbit advance as a value by rank, the side to move as
the teacher's tempo); each term's keys are multiplied by its coefficient
over material's. A term the base configuration switches off stays off.
Prints each term's factor and new values, the correlation with the
teacher on the held-out positions before and after (over all, and where
both sides have the same pieces), and writes the base configuration with
the fitted weights to --out, loadable as builtin:FILE.toml.

options:
`)
		fs.PrintDefaults()
	}
	paths, err := ParseInterleaved(fs, args)
	if err != nil {
		return flagStatus(err)
	}
	if len(paths) == 0 {
		fmt.Fprintln(io.err, "fit: no SCORES file given")
		fs.Usage()
		return 2
	}
	base, err := cf.load()
	if err != nil {
		fmt.Fprintf(io.err, "fit: base configuration: %v\n", err)
		return 1
	}
	d.Base = base
	var xs []records.ScoredPosition
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			fmt.Fprintf(io.err, "fit: %v\n", err)
			return 1
		}
		got, err := records.ReadScored(f, p)
		f.Close()
		if err != nil {
			fmt.Fprintf(io.err, "fit: %v\n", err)
			return 1
		}
		xs = append(xs, got...)
	}
	res, err := learn.FitTeacher(ctx, xs, d)
	if err != nil {
		fmt.Fprintf(io.err, "fit: %v\n", err)
		return 1
	}
	writeFitReport(io.out, res, &base)
	if err := fsutil.WriteFile(*out, res.Config.WriteTOML); err != nil {
		fmt.Fprintf(io.err, "fit: %v\n", err)
		return 1
	}
	if *jsonOut != "" {
		sum := fitSummary{Sources: paths, Out: *out, Holdout: d.Holdout, Ridge: d.Ridge, Seed: d.Seed, FitResult: res}
		if err := writeJSONFile(*jsonOut, sum); err != nil {
			fmt.Fprintf(io.err, "fit: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(io.out, "wrote %s (use it as builtin:%s)\n", *out, *out)
	return 0
}

// writeFitReport prints what FitTeacher found: the positions, the scale,
// each term's factor with its keys' old and new values, and the agreement.
func writeFitReport(w io.Writer, r *learn.FitResult, base *config.Config) {
	var b strings.Builder
	fmt.Fprintf(&b, "%d positions fitted, %d held out (%d with equal material), %d left out (game over)\n",
		r.Train, r.Held, r.EqualMaterial, r.Skipped)
	fmt.Fprintf(&b, "scale: %.3f teacher units an evaluation point; the teacher's tempo: %.1f points\n\n", r.Scale, r.Tempo)
	fmt.Fprintf(&b, "%-22s %8s %8s  %s\n", "term", "factor", "spread", "keys: old -> new")
	seen := map[string]bool{}
	for _, t := range r.Terms {
		var keys []string
		for _, k := range t.Keys {
			if seen[k] {
				continue
			}
			seen[k] = true
			old, _ := base.Get(k)
			now, _ := r.Config.Get(k)
			keys = append(keys, fmt.Sprintf("%s %s -> %s", strings.TrimPrefix(k, "eval."), old, now))
		}
		fmt.Fprintf(&b, "%-22s %8.3f %8.1f  %s\n", t.Term, t.Multiplier, t.Spread, strings.Join(keys, "; "))
	}
	if len(r.Off) > 0 {
		fmt.Fprintf(&b, "left as they were: %s\n", strings.Join(r.Off, ", "))
	}
	fmt.Fprintf(&b, "\nheld-out correlation with the teacher: before %.3f, after %.3f; equal material: before %.3f, after %.3f\n",
		r.Before.Correlation, r.After.Correlation, r.Before.EqualMaterial, r.After.EqualMaterial)
	io.WriteString(w, b.String())
}
