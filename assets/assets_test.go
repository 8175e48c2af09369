package assets

import (
	"bytes"
	"image/png"
	"io/fs"
	"strings"
	"testing"
)

func TestBundledFiles(t *testing.T) {
	for _, side := range []string{"gold", "silver"} {
		for _, animal := range []string{"rabbit", "cat", "dog", "horse", "camel", "elephant"} {
			b, err := PieceSVG(side, animal)
			if err != nil || !bytes.Contains(b, []byte("<svg")) {
				t.Errorf("%s %s: %v", side, animal, err)
			}
		}
	}
	if _, err := PieceSVG("green", "rabbit"); err == nil {
		t.Errorf("artwork for a green rabbit")
	}
	img, err := png.Decode(bytes.NewReader(IconPNG()))
	if err != nil || img.Bounds().Dx() != 512 {
		t.Errorf("icon.png: %v", err)
	}
	if !bytes.Contains(IconSVG(), []byte("<svg")) {
		t.Errorf("icon.svg missing")
	}
	games, err := fs.Glob(Files(), "games/*")
	if err != nil || len(games) == 0 {
		t.Errorf("no example games bundled: %v", err)
	}
	tests, err := fs.Glob(Files(), "tests/*")
	if err != nil || len(tests) == 0 {
		t.Errorf("no example tests bundled: %v", err)
	}
	for _, g := range append(games, tests...) {
		if strings.HasSuffix(g, ".go") {
			t.Errorf("source file bundled: %s", g)
		}
	}
}
