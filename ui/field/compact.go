package field

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// Compact draws o with less padding inside its widgets: a list's rows are
// a line of text each, and at a laptop's height a dozen of them fit where
// eight would with the usual padding. Only the padding inside a widget
// shrinks; text, icons and the space between widgets keep their sizes.
func Compact(o fyne.CanvasObject) *container.ThemeOverride {
	return container.NewThemeOverride(o, compactTheme{})
}

// compactTheme is the app's theme with the inner padding of a widget
// (InnerPadding) made the padding between widgets (Padding).
type compactTheme struct{}

func (compactTheme) theme() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (c compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return c.theme().Color(n, v)
}

func (c compactTheme) Font(s fyne.TextStyle) fyne.Resource { return c.theme().Font(s) }

func (c compactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return c.theme().Icon(n) }

func (c compactTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding {
		return c.theme().Size(theme.SizeNamePadding)
	}
	return c.theme().Size(n)
}

// CompactTabs is Compact for tabs: Fyne applies a theme to what is shown
// when it is applied, so a tab takes it when it is first selected (a
// table in a tab shown later would otherwise have roomy rows). Once is
// enough: applying a theme clears every cached text size of the app.
func CompactTabs(tabs *container.AppTabs) *container.ThemeOverride {
	o := Compact(tabs)
	themed := map[*container.TabItem]bool{tabs.Selected(): true}
	selected := tabs.OnSelected
	tabs.OnSelected = func(it *container.TabItem) {
		if !themed[it] {
			themed[it] = true
			o.Refresh()
		}
		if selected != nil {
			selected(it)
		}
	}
	return o
}
