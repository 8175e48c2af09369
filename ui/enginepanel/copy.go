package enginepanel

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"arimaa-workbench/engine/analysis"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/records"
	"arimaa-workbench/ui/tip"
)

// What CopyText gives.
const (
	CopyPosition   = "position"   // the analysed position, long format
	CopyCompact    = "compact"    // the analysed position, compact format
	CopyPV         = "pv"         // the principal variation, a turn per line
	CopyCandidates = "candidates" // the candidates table, tab-separated
)

// PVText is the principal variation of r from start as record lines: a
// turn label and its steps per line, e.g. "12w Ed4n Ed5e".
func PVText(start rules.Position, r analysis.Report) string {
	var b strings.Builder
	p := start
	for _, m := range PVLine(start, r).Moves() {
		b.WriteString(rules.TurnLabel(p.Turn(), p.Side()) + " " + p.MoveString(m) + "\n")
		for _, s := range m.Slice() {
			p = p.Play(s)
		}
		p = p.EndTurn()
	}
	return b.String()
}

// CandidatesText is the candidates table of r, with its header, as
// tab-separated lines, the visits in plain digits.
func CandidatesText(start rules.Position, r analysis.Report) string {
	var b strings.Builder
	b.WriteString(strings.Join(CandidateHeaders(start, r.AlphaBeta), "\t") + "\n")
	for _, row := range CandidateRows(start, r, 0) {
		// Plain digits, which spreadsheets read as numbers.
		visits := strconv.FormatInt(row.Raw.Visits, 10)
		b.WriteString(strings.Join([]string{row.Move, visits, row.Share, row.WinRatio}, "\t") + "\n")
	}
	return b.String()
}

// CopyText gives what Copy puts on the clipboard: the position analysed
// (the current one before any analysis), or the last analysis's principal
// variation or candidates.
func (p *Panel) CopyText(kind string) (string, error) {
	st := p.model.State()
	pos := st.Start
	if st.Reports == 0 && p.opts.Current != nil {
		pos = p.opts.Current.Get().Position
	}
	switch kind {
	case CopyPosition:
		return records.FormatPosition(pos), nil
	case CopyCompact:
		return records.FormatCompact(pos), nil
	case CopyPV, CopyCandidates:
		if st.Reports == 0 {
			return "", errors.New("there is no analysis to copy yet")
		}
		if kind == CopyPV {
			return PVText(st.Start, st.Report), nil
		}
		return CandidatesText(st.Start, st.Report), nil
	}
	return "", errors.New("nothing to copy called " + kind)
}

// Copy puts CopyText(kind) on the clipboard and says so in the panel's
// status line.
func (p *Panel) Copy(kind string) {
	text, err := p.CopyText(kind)
	if err != nil {
		p.showError(err.Error())
		return
	}
	if app := fyne.CurrentApp(); app != nil {
		app.Clipboard().SetContent(text)
	}
}

// copyButton opens the Copy menu.
func (p *Panel) copyButton() *tip.Button {
	return tip.NewMenuButton("", theme.ContentCopyIcon(), "Copy the position, the principal variation or the candidates", func() []*fyne.MenuItem {
		return []*fyne.MenuItem{
			fyne.NewMenuItem("Position (long)", func() { p.Copy(CopyPosition) }),
			fyne.NewMenuItem("Position (compact)", func() { p.Copy(CopyCompact) }),
			fyne.NewMenuItem("Principal variation", func() { p.Copy(CopyPV) }),
			fyne.NewMenuItem("Candidates", func() { p.Copy(CopyCandidates) }),
		}
	})
}
