package words

import (
	"strconv"
	"strings"
)

// How a score or rating change is written: a minus sign (U+2212), as the
// rule texts write it, not a hyphen.

// Signed is a change of points or rating: "+12", "−3", "±0".
func (l Lang) Signed(d int) string {
	switch {
	case d == 0:
		return l.Say("signed.zero")
	case d < 0:
		return l.Say("signed.minus") + strconv.Itoa(-d)
	}
	return "+" + strconv.Itoa(d)
}

// PointsSigned is a change of points: "+3", "+0", "−3".
func (l Lang) PointsSigned(d int) string {
	if d == 0 {
		return "+0"
	}
	return l.Signed(d)
}

// Number is a total that may be negative, written as Signed writes it.
func (l Lang) Number(n int) string {
	if n < 0 {
		return l.Say("signed.minus") + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// Tenths is x to one decimal, with the language's decimal mark: "3.5",
// "3,5".
func (l Lang) Tenths(x float64) string {
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if m := l.Say("number.decimalMark"); m != "." {
		s = strings.Replace(s, ".", m, 1)
	}
	if strings.HasPrefix(s, "-") {
		s = l.Say("signed.minus") + s[1:]
	}
	return s
}
