package enginepanel

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"arimaa-workbench/engine/mcts"
	"arimaa-workbench/engine/rules"
	"arimaa-workbench/ui/board"
	"arimaa-workbench/ui/field"
	"arimaa-workbench/ui/tip"
)

// Snapshot bounds: deep enough to follow a few whole turns, narrow enough
// that a snapshot of a large tree copies quickly.
const (
	snapshotDepth    = 12
	snapshotChildren = 12
	// liveEvery is how often the tree is copied again during a search when
	// live updating is on.
	liveEvery = time.Second
)

// treeView is the search-tree browser: a snapshot of the engine's tree,
// expandable node by node, with the board following the selected node.
type treeView struct {
	p        *Panel
	root     *mcts.Node
	selected string // UID of the selected node, "" for none
	taken    time.Time
	final    bool // the snapshot after the analysis ended was taken
	liveChk  *widget.Check
	info     *tip.Label  // one line: what the snapshot is
	help     *tip.Button // how to read it
	tree     *widget.Tree
	content  fyne.CanvasObject
}

// The tree's help, by search.
const (
	treeHelp = "Select a node to see its position; expand it to see the steps the engine tried there. " +
		"A node's value is the mean result for the side that played its step (1 = a win for that side), so it flips with the side; " +
		"the win ratio above is for the side to move in the analysed position. " +
		"Live takes a new snapshot every second while the engine searches; Snapshot takes one now."
	alphaBetaTreeHelp = "The alpha-beta search keeps no tree: these are its first steps, best first, each along the line it began, " +
		"with the nodes searched under it as visits and its win ratio for the side that played the step as value; " +
		"only the first line's score is exact."
)

// The root's UID; a child's UID is its parent's followed by "/" and the
// child's index.
const rootUID = "r"

func newTreeView(p *Panel) *treeView {
	v := &treeView{p: p}
	v.tree = widget.NewTree(v.childUIDs, v.isBranch,
		func(bool) fyne.CanvasObject {
			// The proportional font: a monospaced row was 5 px taller and
			// wider, and the figures are apart by their words. Cut, with
			// the whole text as a tip.
			return tip.NewLabel("")
		},
		func(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			o.(*tip.Label).SetText(NodeText(v.node(uid)))
		})
	v.tree.OnSelected = func(uid widget.TreeNodeID) {
		v.selected = uid
		v.p.setView(viewTree, 0)
	}
	v.liveChk = widget.NewCheck("Live", nil)
	v.liveChk.SetChecked(true)
	// One line over the tree, the explanation behind a "?": as a
	// paragraph it took five of the tree's rows at 1024x700.
	v.info = tip.NewLabel("No search yet: start an analysis to browse its tree.")
	v.help = tip.NewHelp(treeHelp)
	refresh := widget.NewButtonWithIcon("Snapshot", theme.ViewRefreshIcon(), v.take)
	bar := container.NewBorder(nil, nil, nil, container.NewHBox(v.help, v.liveChk, refresh), v.info)
	// Its own compact theme: the panel's reaches a tab's content only
	// once the tab has been shown.
	v.content = container.NewBorder(bar, nil, nil, nil, field.Compact(v.tree))
	return v
}

func (v *treeView) source() TreeSource {
	if e := v.p.selectedEngine(); e != nil {
		if ts, ok := e.(TreeSource); ok {
			return ts
		}
	}
	return nil
}

// take copies the engine's tree now.
func (v *treeView) take() {
	ts := v.source()
	if ts == nil {
		v.info.SetText("This engine does not show its search tree.")
		return
	}
	v.root = ts.Snapshot(snapshotDepth, snapshotChildren)
	v.taken = time.Now()
	switch {
	case v.root == nil:
		v.info.SetText("No search yet: start an analysis to browse its tree.")
	case v.p.st.Report.AlphaBeta:
		v.info.SetText(fmt.Sprintf("The alpha-beta search's first steps, best first: %s nodes.", Count(v.root.Visits)))
		v.help.Tip = alphaBetaTreeHelp
	default:
		v.info.SetText(fmt.Sprintf("Snapshot of %s visits.", Count(v.root.Visits)))
		v.help.Tip = treeHelp
	}
	v.tree.Refresh()
	if v.root != nil && !v.tree.IsBranchOpen(rootUID) {
		v.tree.OpenBranch(rootUID)
	}
	if v.p.view == viewTree {
		v.showSelected()
	}
}

// live takes a new snapshot during a search at most every liveEvery.
func (v *treeView) live() {
	if v.liveChk.Checked && time.Since(v.taken) >= liveEvery {
		v.take()
	}
}

// finished takes the final snapshot once per analysis.
func (v *treeView) finished() {
	if !v.final {
		v.final = true
		v.take()
	}
}

// reset forgets the snapshot when a new analysis starts.
func (v *treeView) reset() {
	v.root = nil
	v.final = false
	v.selected = ""
	v.taken = time.Time{}
	v.info.SetText("Waiting for the engine's first report: the tree shows once the search has started.")
	v.tree.UnselectAll()
	v.tree.Refresh()
}

func parseUID(uid string) ([]int, bool) {
	if uid == rootUID {
		return nil, true
	}
	rest, ok := strings.CutPrefix(uid, rootUID+"/")
	if !ok {
		return nil, false
	}
	parts := strings.Split(rest, "/")
	path := make([]int, len(parts))
	for i, s := range parts {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, false
		}
		path[i] = n
	}
	return path, true
}

func (v *treeView) node(uid string) *mcts.Node {
	path, ok := parseUID(uid)
	if !ok || v.root == nil {
		return nil
	}
	n := v.root
	for _, i := range path {
		if i < 0 || i >= len(n.Children) {
			return nil
		}
		n = n.Children[i]
	}
	return n
}

func (v *treeView) childUIDs(uid widget.TreeNodeID) []widget.TreeNodeID {
	if uid == "" {
		if v.root == nil {
			return nil
		}
		return []string{rootUID}
	}
	n := v.node(uid)
	if n == nil {
		return nil
	}
	out := make([]string, len(n.Children))
	for i := range n.Children {
		out[i] = uid + "/" + strconv.Itoa(i)
	}
	return out
}

func (v *treeView) isBranch(uid widget.TreeNodeID) bool {
	if uid == "" {
		return true
	}
	n := v.node(uid)
	return n != nil && len(n.Children) > 0
}

// showSelected puts the selected node's position on the board, with the
// steps of its turn so far as arrows.
func (v *treeView) showSelected() {
	start := v.p.st.Start
	path, ok := parseUID(v.selected)
	if !ok || v.root == nil {
		v.p.display(start, board.Overlays{Selected: rules.NoSquare})
		setText(v.p.boardNote, "Select a node of the search tree.")
		return
	}
	l, n := PathLine(start, v.root, path)
	if n == nil {
		setText(v.p.boardNote, "That node is not in the latest snapshot.")
		return
	}
	pos := start
	var done []rules.Step
	if k := len(l.Steps); k > 0 {
		pos = l.Steps[k-1].After
		done, _ = turnSteps(l, k-1)
	}
	o := board.Overlays{LastMove: done, Selected: rules.NoSquare, Heat: heatOf(n)}
	v.p.display(pos, o)
	setText(v.p.boardNote, NodeText(n))
}

// heat is the root's visits by destination square, for the board's heat
// map; nil without a snapshot.
func (v *treeView) heat() *[64]float64 { return heatOf(v.root) }

func heatOf(n *mcts.Node) *[64]float64 {
	if n == nil || len(n.Children) == 0 {
		return nil
	}
	var h [64]float64
	any := false
	for _, c := range n.Children {
		if c.Step == rules.Pass || c.Step == rules.NoStep {
			continue
		}
		h[c.Step.To()] += float64(c.Visits)
		any = true
	}
	if !any {
		return nil
	}
	return &h
}
