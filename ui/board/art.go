package board

import (
	"sync"

	"fyne.io/fyne/v2"

	"arimaa-workbench/assets"
	"arimaa-workbench/engine/rules"
)

// pieceArt holds the twelve piece resources, loaded once from the bundled
// SVGs; resources are immutable, so sharing them between boards is safe.
var pieceArt = sync.OnceValue(func() [16]fyne.Resource {
	var res [16]fyne.Resource
	for _, c := range []rules.Color{rules.Gold, rules.Silver} {
		for t := rules.Rabbit; t <= rules.Elephant; t++ {
			p := rules.MakePiece(c, t)
			b, err := assets.PieceSVG(c.String(), animal(t))
			if err != nil {
				// The artwork is embedded at build time; a missing file is a
				// packaging mistake the tests catch.
				panic(err)
			}
			res[p] = fyne.NewStaticResource(c.String()+"_"+animal(t)+".svg", b)
		}
	}
	return res
})

func animal(t rules.PieceType) string {
	switch t {
	case rules.Rabbit:
		return "rabbit"
	case rules.Cat:
		return "cat"
	case rules.Dog:
		return "dog"
	case rules.Horse:
		return "horse"
	case rules.Camel:
		return "camel"
	case rules.Elephant:
		return "elephant"
	}
	return ""
}

// iconArt is the same artwork under other names, for palettes and lists.
// Fyne keeps one rasterised picture per resource name and size: a palette
// sharing names with the board beside it (same pieces, other size) would
// make each redraw the other's pieces from the SVG on every repaint. Boards
// share one set, as only one of them is on screen at a time.
var iconArt = sync.OnceValue(func() [16]fyne.Resource {
	var res [16]fyne.Resource
	for i, r := range pieceArt() {
		if r != nil {
			res[i] = fyne.NewStaticResource("icon-"+r.Name(), r.Content())
		}
	}
	return res
})

// PieceResource returns our artwork for piece p as an SVG resource, nil for
// Empty. Palettes and lists use it to show pieces the same way the board does.
func PieceResource(p rules.Piece) fyne.Resource {
	if !p.Valid() {
		return nil
	}
	return iconArt()[p]
}

// IconResource returns the application icon as an SVG resource.
func IconResource() fyne.Resource {
	return fyne.NewStaticResource("icon.svg", assets.IconSVG())
}

// WindowIconResource returns the application icon as a PNG resource (the
// picture TestIconPNG keeps equal to the SVG). Windows take this one: Fyne
// rasterises an SVG window icon pixel by pixel at start-up, which cost half
// a second of the time to the first frame.
func WindowIconResource() fyne.Resource {
	return fyne.NewStaticResource("icon.png", assets.IconPNG())
}
