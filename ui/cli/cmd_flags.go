package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"

	"arimaa-workbench/ats"
)

// number is what a ranged flag may hold.
type number = ats.Number

// rangeFlag is a numeric flag that refuses values outside lo to hi while
// the flags are parsed, so that no command starts with a number it cannot
// use: a negative time that never ends, a NaN, a thread count that
// exhausts the machine.
type rangeFlag[T number] struct {
	p      *T
	lo, hi T
}

func (f *rangeFlag[T]) String() string {
	if f == nil || f.p == nil {
		var zero T
		return numText(zero) // what flag's help compares the default with
	}
	return numText(*f.p)
}

// numText writes a number without an exponent, as it is typed.
func numText[T number](v T) string {
	if f, ok := any(v).(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

func (f *rangeFlag[T]) Set(s string) error {
	var v T
	var err error
	switch p := any(&v).(type) {
	case *int:
		var n int64
		n, err = strconv.ParseInt(s, 10, strconv.IntSize)
		*p = int(n)
	case *int64:
		*p, err = strconv.ParseInt(s, 10, 64)
	case *uint64:
		*p, err = strconv.ParseUint(s, 10, 64)
	case *float64:
		*p, err = strconv.ParseFloat(s, 64)
	}
	var ne *strconv.NumError
	if errors.As(err, &ne) && ne.Err == strconv.ErrSyntax {
		return errors.New("not a number")
	}
	if err != nil || !(v >= f.lo && v <= f.hi) { // NaN fails both
		return fmt.Errorf("out of range (%s to %s)", numText(f.lo), numText(f.hi))
	}
	*f.p = v
	return nil
}

// rangeVar defines a flag whose value must lie from lo to hi, and says the
// range in the flag's help.
func rangeVar[T number](fs *flag.FlagSet, p *T, name string, value, lo, hi T, usage string) {
	*p = value
	fs.Var(&rangeFlag[T]{p, lo, hi}, name, fmt.Sprintf("%s (%s to %s)", usage, numText(lo), numText(hi)))
}

// ranged is rangeVar returning a pointer, as fs.Int does.
func ranged[T number](fs *flag.FlagSet, name string, value, lo, hi T, usage string) *T {
	p := new(T)
	rangeVar(fs, p, name, value, lo, hi, usage)
	return p
}

// inRange is ranged over one of the ranges the planners check (ats.Ranges,
// match.Ranges).
func inRange[T number](fs *flag.FlagSet, name string, value T, r ats.Range[T], usage string) *T {
	return ranged(fs, name, value, r.Min, r.Max, usage)
}
