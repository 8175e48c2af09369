// Package assets holds the files bundled into the workbench binary: our own
// piece artwork (pieces/gold_rabbit.svg … pieces/silver_elephant.svg, drawn
// for this project), the application icon (icon.svg and its 512×512
// rendering icon.png), the example games (games/) and the example test
// suites (tests/).
package assets

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed pieces/*.svg icon.svg icon.png all:games all:tests
var files embed.FS

// Files returns every bundled file, by its path under assets/.
func Files() fs.FS { return files }

// PieceSVG returns the artwork of one piece; side is "gold" or "silver" and
// animal one of "rabbit", "cat", "dog", "horse", "camel", "elephant".
func PieceSVG(side, animal string) ([]byte, error) {
	b, err := files.ReadFile("pieces/" + side + "_" + animal + ".svg")
	if err != nil {
		return nil, fmt.Errorf("assets: no artwork for %s %s", side, animal)
	}
	return b, nil
}

// IconPNG returns the application icon as a 512×512 PNG.
func IconPNG() []byte {
	b, _ := files.ReadFile("icon.png")
	return b
}

// IconSVG returns the application icon as SVG.
func IconSVG() []byte {
	b, _ := files.ReadFile("icon.svg")
	return b
}
