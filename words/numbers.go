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
func (l Lang) Tenths(x float64) string { return l.Decimal(x, 1) }

// Int is a whole number as the language groups its digits: "1,500" in
// English, "1 500" in French and Russian, "1.500" in German and Brazilian
// Portuguese, "1500" but "15.000" in Spanish (which groups from five
// digits, as CLDR says).
func (l Lang) Int(n int) string {
	s := strconv.Itoa(abs(n))
	from, _ := strconv.Atoi(l.Say("number.groupFrom"))
	if from < 4 || len(s) >= from {
		mark := l.Say("number.groupMark")
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + mark + s[i:]
		}
	}
	if n < 0 {
		return l.Say("signed.minus") + s
	}
	return s
}

// Decimal is x to digits decimals with the language's decimal mark: "3.25",
// "3,25".
func (l Lang) Decimal(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	if m := l.Say("number.decimalMark"); m != "." {
		s = strings.Replace(s, ".", m, 1)
	}
	if strings.HasPrefix(s, "-") {
		s = l.Say("signed.minus") + s[1:]
	}
	return s
}
