package plot

import (
	"image"
	"image/color"
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// turnsOf are the turn numbers of the positions of a line from turn
// first, Gold to move, through n positions (two a turn).
func turnsOf(first, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = first + i/2
	}
	return out
}

func TestTurnTicks(t *testing.T) {
	tests := []struct {
		name       string
		turns      []int
		width, gap float32
		want       []Tick
	}{
		{"every turn when there is room", turnsOf(2, 5), 401, 36,
			[]Tick{{0, "2"}, {200, "3"}, {400, "4"}}},
		{"every tenth turn of a long game", turnsOf(2, 120), 300, 36,
			[]Tick{{299 * 16 / 119.0, "10"}, {299 * 36 / 119.0, "20"}, {299 * 56 / 119.0, "30"}, {299 * 76 / 119.0, "40"},
				{299 * 96 / 119.0, "50"}, {299 * 116 / 119.0, "60"}}},
		{"from the middle of a game, every second", turnsOf(13, 30), 300, 36,
			[]Tick{{299 * 2 / 29.0, "14"}, {299 * 6 / 29.0, "16"}, {299 * 10 / 29.0, "18"}, {299 * 14 / 29.0, "20"},
				{299 * 18 / 29.0, "22"}, {299 * 22 / 29.0, "24"}, {299 * 26 / 29.0, "26"}}},
		{"every fifth when the second is too close", turnsOf(13, 30), 200, 36,
			[]Tick{{199 * 4 / 29.0, "15"}, {199 * 14 / 29.0, "20"}, {199 * 24 / 29.0, "25"}}},
		{"a single position", []int{7}, 200, 36, []Tick{{0, "7"}}},
		{"nothing", nil, 200, 36, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := TurnTicks(tc.turns, tc.width, tc.gap)
			if len(got) != len(tc.want) {
				t.Fatalf("ticks %+v, want %+v", got, tc.want)
			}
			for i, w := range tc.want {
				if got[i].Label != w.Label || got[i].X-w.X > 1e-3 || w.X-got[i].X > 1e-3 {
					t.Errorf("tick %d: %+v, want %+v", i, got[i], w)
				}
			}
			for i := 1; i < len(got); i++ {
				if got[i].X-got[i-1].X < tc.gap {
					t.Errorf("ticks %d and %d are %v apart, less than %v", i-1, i, got[i].X-got[i-1].X, tc.gap)
				}
			}
		})
	}
}

func TestMarkPoints(t *testing.T) {
	values := []float64{0.5, 0.8, 0.2, 0.5}
	got := markPoints(values, []int{2, 5, -1, 0}, 6, 101, 51)
	// Position 2 of 6 is at column 100*2/5 = 40; 0.2 is 80% down 50 rows.
	want := []image.Point{{40, 40}, {0, 25}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("marks at %v, want %v (a position not analysed yet is left out)", got, want)
	}
	for total := 2; total < 60; total += 7 {
		for i := 0; i < total; i++ {
			if back := PosAt(float32(PosX(i, 300, total)), 300, total); back != i {
				t.Fatalf("position %d of %d maps back to %d", i, total, back)
			}
		}
	}
}

// TestGameWidget: the graph is at least GameMinHeight tall, writes turn
// numbers under the curve, draws a red mark at a blunder, and a tap
// gives the position under it.
func TestGameWidget(t *testing.T) {
	test.NewTempApp(t)
	g := NewGame()
	w := test.NewTempWindow(t, g)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(401, 160))
	if h := g.MinSize().Height; h < 120 {
		t.Fatalf("min height %v", h)
	}
	turns := turnsOf(2, 41) // 2w to 22w
	values := make([]float64, 41)
	for i := range values {
		values[i] = 0.5
	}
	values[21] = 0.1
	g.Set(GameData{Values: values, Turns: turns, Marks: []int{21}, Cursor: 4, Status: "22 of 41 positions", Done: 0.5})
	var texts []string
	for _, o := range test.LaidOutObjects(g) {
		if txt, ok := o.(*canvas.Text); ok && txt.Visible() {
			texts = append(texts, txt.Text)
		}
	}
	if want := []string{"22 of 41 positions", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20", "22"}; !reflect.DeepEqual(texts, want) {
		t.Errorf("status and axis labels %q, want %q", texts, want)
	}
	img := w.Canvas().Capture()
	x := PosX(21, img.Bounds().Dx(), 41)
	red := 0
	for y := 0; y < img.Bounds().Dy(); y++ {
		c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
		if c.R > 0xb0 && c.G < 0x50 && c.B < 0x50 {
			red++
		}
	}
	if red < 8 {
		t.Errorf("%d red pixels in the blunder's column, want its mark on the curve and on the axis", red)
	}
	// The progress bar under the status line: half the width.
	bar := int(statusHeight()) - 2
	primary := color.NRGBAModel.Convert(theme.Color(theme.ColorNamePrimary)).(color.NRGBA)
	at := func(x int) color.NRGBA { return color.NRGBAModel.Convert(img.At(x, bar)).(color.NRGBA) }
	if at(100) != primary || at(300) == primary {
		t.Errorf("progress bar at a quarter %v and three quarters %v of the width; want %v only in the first half", at(100), at(300), primary)
	}
	g.Set(GameData{Turns: turns, Cursor: -1, Status: "idle", Done: -1})
	if img := w.Canvas().Capture(); color.NRGBAModel.Convert(img.At(100, bar)).(color.NRGBA) == primary {
		t.Error("an idle graph draws a progress bar")
	}
	var tapped []int
	g.OnTapped = func(p int) { tapped = append(tapped, p) }
	test.TapAt(g, fyne.NewPos(float32(PosX(30, 401, 41)), 40))
	if !reflect.DeepEqual(tapped, []int{30}) {
		t.Errorf("tapped %v, want [30]", tapped)
	}
}
