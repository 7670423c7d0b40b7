package words

import "strconv"

// How a score or rating change is written: a minus sign (U+2212), as the
// rule texts write it, not a hyphen.

// Signed is a change of points or rating: "+12", "−3", "±0".
func Signed(d int) string {
	switch {
	case d == 0:
		return Say("signed.zero")
	case d < 0:
		return Say("signed.minus") + strconv.Itoa(-d)
	}
	return "+" + strconv.Itoa(d)
}

// PointsSigned is a change of points: "+3", "+0", "−3".
func PointsSigned(d int) string {
	if d == 0 {
		return "+0"
	}
	return Signed(d)
}

// Number is a total that may be negative, written as Signed writes it.
func Number(n int) string {
	if n < 0 {
		return Say("signed.minus") + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
