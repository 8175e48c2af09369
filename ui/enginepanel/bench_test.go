package enginepanel

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"arimaa-workbench/engine/analysis"
)

// benchPanel is a panel in a 1400×860 test window with an analysis
// running, ready to take reports.
func benchPanel(b *testing.B) (*Panel, fyne.Window, func()) {
	p, w := newTestPanel(b, &fakeEngine{name: "bench"})
	if err := p.model.Start(&fakeEngine{name: "bench", hold: true}, startGame(), analysis.Limits{}); err != nil {
		b.Fatal(err)
	}
	return p, w, p.model.Stop
}

// BenchmarkReportToWidgets is the panel's share of a frame at the engine's
// full report rate: a report into the model and the panel applying the
// model's state to its widgets (figures, PV, candidates table, graph,
// board). The slowest frame is reported as max-ms/frame; the budget is
// 50 ms.
func BenchmarkReportToWidgets(b *testing.B) { benchFrames(b, false) }

// BenchmarkReportToScreen adds painting the whole window with the test
// driver's software painter (a CPU rasteriser; the real driver paints with
// OpenGL) to BenchmarkReportToWidgets.
func BenchmarkReportToScreen(b *testing.B) { benchFrames(b, true) }

// benchFrames times b.N frames of BenchmarkReportToWidgets, each painted
// as well when paint is set.
func benchFrames(b *testing.B, paint bool) {
	reports := scriptedReports(64)
	p, w, stop := benchPanel(b)
	defer stop()
	b.ReportAllocs()
	frames := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		r := reports[i%len(reports)]
		r.Elapsed = time.Duration(i+1) * time.Millisecond
		p.model.Report(r)
		p.Sync()
		if paint {
			w.Canvas().Capture()
		}
		frames = append(frames, time.Since(start))
	}
	reportFrames(b, frames)
}

// reportFrames adds the 99th percentile and the slowest frame, in
// milliseconds, to the benchmark's figures. On a shared machine the
// slowest frame mostly measures the scheduler; the percentile is the
// panel's.
func reportFrames(b *testing.B, frames []time.Duration) {
	if len(frames) == 0 {
		return
	}
	slices.Sort(frames)
	b.ReportMetric(float64(frames[len(frames)*99/100])/1e6, "p99-ms/frame")
	b.ReportMetric(float64(frames[len(frames)-1])/1e6, "max-ms/frame")
}

// BenchmarkModelReport is the engine's side of the handoff: what one
// report costs the search goroutine.
func BenchmarkModelReport(b *testing.B) {
	m := NewModel()
	reports := scriptedReports(64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := reports[i%len(reports)]
		r.Elapsed = time.Duration(i+1) * time.Microsecond
		m.Report(r)
	}
}
